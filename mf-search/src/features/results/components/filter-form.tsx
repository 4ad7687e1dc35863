import {
  BUILDING_TYPES,
  KANRIHI_ON,
  RENT_PRICES,
  SEARCH_PARAM as P,
  searchQueryEntries,
  searchUrlOf,
  searchUrlParts,
  type SearchUrlCondition,
} from '@sumika/spec';
import { formatRent } from '../../../ui/format.js';
import { useSearchFormSubmit } from '../search-form.js';

const PLANS = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'];
const WALKS = [1, 3, 5, 7, 10, 15, 20];
const BUILT = [1, 3, 5, 10, 15, 20, 30];
const POPULAR: [string, string][] = [
  ['201', 'バス・トイレ別'],
  ['205', '独立洗面台'],
  ['301', 'ペット相談'],
  ['101', 'エアコン付'],
];

/**
 * The narrowing form: GET to the search's own page, so the result URL is shareable and crawlable.
 * Everything it does not ask with its own controls (the whole area: every prefecture, city, town,
 * line and station; commute destinations, special feature, free word, area m², the other condition
 * codes, the order) rides along as hidden fields, so narrowing keeps it; the page starts again at 1.
 * Keyed by the search's URL: when the URL changes (back button, a link), the controls show its values.
 */
export function FilterForm({ condition }: { condition: SearchUrlCondition }) {
  return <FilterFormFields key={searchUrlOf(condition)} condition={condition} />;
}

const POPULAR_CODES = new Set(POPULAR.map(([code]) => code));

/** A select's choices plus the URL's own value when it is not one of them (a shared link's 65,500 yen), so narrowing keeps it. */
function withCurrent<T extends number | string>(choices: readonly T[], current: T | undefined): readonly T[] {
  if (current === undefined || choices.includes(current)) return choices;
  return typeof current === 'number' ? [...choices, current].sort((a, b) => Number(a) - Number(b)) : [...choices, current];
}

function FilterFormFields({ condition }: { condition: SearchUrlCondition }) {
  const submit = useSearchFormSubmit();
  const { path, carried } = searchUrlParts(condition);
  const s = condition.searchCondition ?? {};
  const other = new Set(s.other ?? []);
  const types = new Set(s.buildingTypes ?? []);
  const kept: SearchUrlCondition = {
    ...condition,
    page: undefined,
    searchCondition: { area: s.area, word: s.word, other: s.other?.filter((code) => !POPULAR_CODES.has(code)) },
  };
  const hidden = searchQueryEntries(kept, carried);
  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  return (
    <form className="s-filter s-section" action={path} method="get" data-testid="filter-form" onSubmit={submit}>
      <h2>条件を絞り込む</h2>
      {hidden.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <fieldset>
        <legend>賃料</legend>
        <select name={P.rentMin} defaultValue={text(s.chinryou?.min)} aria-label="賃料の下限">
          <option value="">下限なし</option>
          {withCurrent(RENT_PRICES, s.chinryou?.min).map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
        〜
        <select name={P.rentMax} defaultValue={text(s.chinryou?.max)} aria-label="賃料の上限">
          <option value="">上限なし</option>
          {withCurrent(RENT_PRICES, s.chinryou?.max).map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" name={P.kanrihi} value={KANRIHI_ON} defaultChecked={!!s.chinryou?.includeKanrihi} /> 管理費・共益費込み
        </label>
        <label>
          <input type="checkbox" name={P.noReikin} value="true" defaultChecked={s.chinryou?.noReikin === 'true'} /> 礼金なし
        </label>
        <label>
          <input type="checkbox" name={P.noShikikin} value="true" defaultChecked={s.chinryou?.noShikikin === 'true'} /> 敷金なし
        </label>
      </fieldset>
      <fieldset>
        <legend>間取り</legend>
        <select name={P.planMin} defaultValue={s.plans?.min ?? ''} aria-label="間取りの下限">
          <option value="">指定なし</option>
          {withCurrent(PLANS, s.plans?.min).map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
        〜
        <select name={P.planMax} defaultValue={s.plans?.max ?? ''} aria-label="間取りの上限">
          <option value="">指定なし</option>
          {withCurrent(PLANS, s.plans?.max).map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </fieldset>
      <fieldset>
        <legend>駅徒歩・築年数</legend>
        <select name={P.walkMin} defaultValue={text(s.walkMin)} aria-label="駅徒歩">
          <option value="">駅徒歩 指定なし</option>
          {withCurrent(WALKS, s.walkMin).map((w) => (
            <option key={w} value={w}>
              {w}分以内
            </option>
          ))}
        </select>{' '}
        <select name={P.builtYear} defaultValue={text(s.builtYear)} aria-label="築年数">
          <option value="">築年数 指定なし</option>
          {withCurrent(BUILT, s.builtYear).map((b) => (
            <option key={b} value={b}>
              {b}年以内
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset>
        <legend>建物の種類</legend>
        {BUILDING_TYPES.map(({ key, name }) => (
          <label key={key}>
            <input type="checkbox" name={P.buildingType} value={key} defaultChecked={types.has(key)} /> {name}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>こだわり条件</legend>
        {POPULAR.map(([code, name]) => (
          <label key={code}>
            <input type="checkbox" name={P.other} value={code} defaultChecked={other.has(code)} /> {name}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="sk-button sk-button--primary">
        この条件で検索
      </button>
    </form>
  );
}
