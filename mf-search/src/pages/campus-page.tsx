import { useQuery } from '@apollo/client/react';
import { ErrorBox, KitLink } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { SEARCH_CAMPUSES } from '../features/misc/index.js';
import { SearchStyles } from '../ui/styles.js';

const INITIALS: [string, string][] = [
  ['a', 'あ'],
  ['ka', 'か'],
  ['sa', 'さ'],
  ['ta', 'た'],
  ['na', 'な'],
  ['ha', 'は'],
  ['ma', 'ま'],
  ['ya', 'や'],
  ['ra', 'ら'],
  ['wa', 'わ'],
];

/** /campus, /campus/{prefecture}, /campus/{prefecture}/{initial}: schools, then rooms near a campus. */
export default function CampusPage({ params, setMeta, setStatus }: RemotePageProps) {
  // /campus/{instituteInitial} shares the shape of /campus/{prefecture}: a gojūon row is an initial.
  const initialOnly = params.prefecturePath && INITIALS.some(([k]) => k === params.prefecturePath) ? params.prefecturePath : undefined;
  const prefecturePath = initialOnly ? undefined : params.prefecturePath;
  const initial = params.initial ?? initialOnly;
  const { data, error, refetch } = useQuery(SEARCH_CAMPUSES, { variables: { prefecturePath: prefecturePath ?? null, initial: initial ?? null } });
  const pref = data?.prefectures.find((p) => p.path === prefecturePath);
  if (data && !error && prefecturePath && !pref) {
    setStatus(404);
    return null;
  }
  const where = pref ? `${pref.name}の` : '';
  setMeta({
    title: `${where}大学・学校から賃貸物件を探す｜すみか`,
    description: `${where}大学・短大・専門学校のキャンパス周辺の賃貸物件を探せます。`,
    pageTitle: `${where}大学・学校から探す`,
    breadcrumbs: [
      { text: '賃貸トップ', path: '/' },
      ...(pref ? [{ text: '大学・学校から探す', path: '/campus' }, { text: pref.name }] : [{ text: '大学・学校から探す' }]),
    ],
  });
  if (error && !data) return <ErrorBox message="学校の一覧を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <SearchStyles />;
  const base = pref ? `/campus/${pref.path}` : '/campus';
  return (
    <div>
      <SearchStyles />
      <section className="s-section">
        <h2>都道府県</h2>
        <ul className="s-links">
          {data.prefectures.map((p) => (
            <li key={p.code}>{p.path === prefecturePath ? <strong>{p.name}</strong> : <KitLink to={`/campus/${p.path}`}>{p.name}</KitLink>}</li>
          ))}
        </ul>
      </section>
      <section className="s-section">
        <h2>学校名の頭文字</h2>
        <ul className="s-links">
          {INITIALS.map(([k, label]) => (
            <li key={k}>{k === initial ? <strong>{label}</strong> : <KitLink to={`${base}/${k}`}>{label}</KitLink>}</li>
          ))}
        </ul>
      </section>
      <section className="s-section">
        <h2>学校・キャンパス（{data.institutes.length}校）</h2>
        <ul className="s-links" style={{ flexDirection: 'column' }}>
          {data.institutes.map((i) => (
            <li key={i.id}>
              <strong>{i.name}</strong>
              <ul className="s-links">
                {i.campuses.map((c) => (
                  <li key={c.id}>
                    <KitLink to={`/search/campus/${c.id}`}>{c.campusName}</KitLink> <small>{c.address}</small>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
