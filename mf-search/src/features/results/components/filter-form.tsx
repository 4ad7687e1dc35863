import { BUILDING_TYPES, RENT_PRICES } from '@sumika/spec';
import { formatRent } from '../../../ui/format.js';

const PLANS = ['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+'];
const WALKS = [1, 3, 5, 7, 10, 15, 20];
const BUILT = [1, 3, 5, 10, 15, 20, 30];
const POPULAR: [string, string][] = [
  ['201', 'バス・トイレ別'],
  ['205', '独立洗面台'],
  ['301', 'ペット相談'],
  ['101', 'エアコン付'],
];

/** The narrowing form: GET to the same path, so the result URL is shareable and crawlable. */
export function FilterForm({ action, search, hidden }: { action: string; search: string; hidden: Record<string, string> }) {
  const q = new URLSearchParams(search);
  const other = new Set(q.getAll('other').flatMap((v) => v.split(',')));
  const types = new Set(q.getAll('building_type'));
  return (
    <form className="s-filter s-section" action={action} method="get" data-testid="filter-form">
      <h2>条件を絞り込む</h2>
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <fieldset>
        <legend>賃料</legend>
        <select name="chinryou_min" defaultValue={q.get('chinryou_min') ?? ''} aria-label="賃料の下限">
          <option value="">下限なし</option>
          {RENT_PRICES.map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
        〜
        <select name="chinryou_max" defaultValue={q.get('chinryou_max') ?? ''} aria-label="賃料の上限">
          <option value="">上限なし</option>
          {RENT_PRICES.map((p) => (
            <option key={p} value={p}>
              {formatRent(p)}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" name="kanrihi" value="1" defaultChecked={q.get('kanrihi') === '1'} /> 管理費・共益費込み
        </label>
        <label>
          <input type="checkbox" name="no_reikin" value="true" defaultChecked={q.get('no_reikin') === 'true'} /> 礼金なし
        </label>
        <label>
          <input type="checkbox" name="no_shikikin" value="true" defaultChecked={q.get('no_shikikin') === 'true'} /> 敷金なし
        </label>
      </fieldset>
      <fieldset>
        <legend>間取り</legend>
        <select name="plan_min" defaultValue={q.get('plan_min') ?? ''} aria-label="間取りの下限">
          <option value="">指定なし</option>
          {PLANS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
        〜
        <select name="plan_max" defaultValue={q.get('plan_max') ?? ''} aria-label="間取りの上限">
          <option value="">指定なし</option>
          {PLANS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </fieldset>
      <fieldset>
        <legend>駅徒歩・築年数</legend>
        <select name="walk_min" defaultValue={q.get('walk_min') ?? ''} aria-label="駅徒歩">
          <option value="">駅徒歩 指定なし</option>
          {WALKS.map((w) => (
            <option key={w} value={w}>
              {w}分以内
            </option>
          ))}
        </select>{' '}
        <select name="built_year" defaultValue={q.get('built_year') ?? ''} aria-label="築年数">
          <option value="">築年数 指定なし</option>
          {BUILT.map((b) => (
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
            <input type="checkbox" name="building_type" value={key} defaultChecked={types.has(key)} /> {name}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>こだわり条件</legend>
        {POPULAR.map(([code, name]) => (
          <label key={code}>
            <input type="checkbox" name="other" value={code} defaultChecked={other.has(code)} /> {name}
          </label>
        ))}
      </fieldset>
      {q.get('q') && <input type="hidden" name="q" value={q.get('q') ?? ''} />}
      {q.get('sort') && <input type="hidden" name="sort" value={q.get('sort') ?? ''} />}
      <button type="submit" className="sk-button sk-button--primary">
        この条件で検索
      </button>
    </form>
  );
}
