import { useQuery } from '@apollo/client/react';
import { ErrorBox } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { KANRIHI_ON, SEARCH_PARAM as P } from '@sumika/spec';
import { SEARCH_OPTION_MASTER } from '../features/misc/index.js';
import { useSearchFormSubmit } from '../features/results/index.js';
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
  const submit = useSearchFormSubmit();
  const { data, error, refetch } = useQuery(SEARCH_OPTION_MASTER);
  if (error && !data) return <ErrorBox message="条件を読み込めませんでした。" onRetry={() => void refetch()} />;
  if (!data) return <SearchStyles />;
  const m = data.searchMaster;
  return (
    <form action="/search/results" method="get" className="s-filter" onSubmit={submit}>
      <SearchStyles />
      <section className="s-section">
        <h2>エリアと家賃</h2>
        <select name={P.prefecture} defaultValue="tokyo" aria-label="都道府県">
          {data.prefectures.map((p) => (
            <option key={p.code} value={p.path}>
              {p.name}
            </option>
          ))}
        </select>{' '}
        <select name={P.rentMin} defaultValue="" aria-label="賃料の下限">
          <option value="">下限なし</option>
          {m.prices.map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
        〜
        <select name={P.rentMax} defaultValue="" aria-label="賃料の上限">
          <option value="">上限なし</option>
          {m.prices.map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" name={P.kanrihi} value={KANRIHI_ON} /> 管理費・共益費込み
        </label>
        <label>
          <input type="checkbox" name={P.noReikin} value="true" /> 礼金なし
        </label>
        <label>
          <input type="checkbox" name={P.noShikikin} value="true" /> 敷金なし
        </label>
      </section>
      <section className="s-section">
        <h2>間取り・駅徒歩・築年数</h2>
        <select name={P.planMin} defaultValue="" aria-label="間取りの下限">
          <option value="">指定なし</option>
          {m.plans.map((p) => (
            <option key={p.path}>{p.title}</option>
          ))}
        </select>
        〜
        <select name={P.planMax} defaultValue="" aria-label="間取りの上限">
          <option value="">指定なし</option>
          {m.plans.map((p) => (
            <option key={p.path}>{p.title}</option>
          ))}
        </select>{' '}
        <select name={P.walkMin} defaultValue="" aria-label="駅徒歩">
          <option value="">駅徒歩 指定なし</option>
          {m.walkMinutes.map((w) => (
            <option key={w} value={w}>
              {w}分以内
            </option>
          ))}
        </select>{' '}
        <select name={P.builtYear} defaultValue="" aria-label="築年数">
          <option value="">築年数 指定なし</option>
          {m.builtYears.map((b) => (
            <option key={b} value={b}>
              {b}年以内
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
                <input type="checkbox" name={P.buildingType} value={t.key} /> {t.name}
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
                  <input type="checkbox" name={P.other} value={c.code} /> {c.name}
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
