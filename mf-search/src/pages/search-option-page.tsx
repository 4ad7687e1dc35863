import { useQuery } from '@apollo/client/react';
import { ErrorBox } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { SEARCH_OPTION_MASTER } from '../features/misc/index.js';
import { formatRent } from '../ui/format.js';
import { SearchStyles } from '../ui/styles.js';

/** /search/option: every search condition from the master lists, submitted to the results page. */
export default function SearchOptionPage({ setMeta }: RemotePageProps) {
  setMeta({
    title: 'こだわり条件から賃貸物件を探す｜すみか',
    description: '家賃、間取り、駅徒歩、築年数、設備などのこだわり条件から賃貸物件を探せます。',
    pageTitle: 'こだわり条件から探す',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'こだわり条件から探す' }],
  });
  const { data, error, refetch } = useQuery(SEARCH_OPTION_MASTER);
  if (error && !data) return <ErrorBox message="条件を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <SearchStyles />;
  const m = data.searchMaster;
  return (
    <form action="/search/results" method="get" className="s-filter">
      <SearchStyles />
      <section className="s-section">
        <h2>エリアと家賃</h2>
        <select name="prefecture" defaultValue="tokyo" aria-label="都道府県">
          {data.prefectures.map((p) => (
            <option key={p.code} value={p.path}>
              {p.name}
            </option>
          ))}
        </select>{' '}
        <select name="chinryou_min" defaultValue="" aria-label="賃料の下限">
          <option value="">下限なし</option>
          {m.prices.map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
        〜
        <select name="chinryou_max" defaultValue="" aria-label="賃料の上限">
          <option value="">上限なし</option>
          {m.prices.map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
      </section>
      <section className="s-section">
        <h2>建物の種類</h2>
        <ul className="s-checks">
          {m.buildingTypes.map((t) => (
            <li key={t.key}>
              <label>
                <input type="checkbox" name="building_type" value={t.key} /> {t.name}
              </label>
            </li>
          ))}
        </ul>
      </section>
      {m.conditionGroups.map((g) => (
        <section key={g.key} className="s-section">
          <h2>{g.name}</h2>
          <ul className="s-checks">
            {g.conditions.map((c) => (
              <li key={c.code}>
                <label>
                  <input type="checkbox" name="other" value={c.code} /> {c.name}
                </label>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <button type="submit" className="sk-button sk-button--primary" style={{ width: '100%' }}>
        この条件で検索する
      </button>
    </form>
  );
}
