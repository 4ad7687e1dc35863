import { useQuery } from '@apollo/client/react';
import { formatNumber } from '@sumika/shell-kit';
import {
  AREA_BOUNDS,
  BUILDING_TYPES,
  BUILT_YEARS,
  KANRIHI_ON,
  MADORI_NAMES,
  RENT_PRICES,
  SEARCH_MAP_PATH,
  SEARCH_PARAM as P,
  WALK_MINUTES,
  parseSearchHref,
  searchQueryEntries,
  searchUrlOf,
  searchUrlParts,
  type SearchUrlCondition,
} from '@sumika/spec';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SearchPanelCountsQuery, SearchPanelCountsQueryVariables } from '../../../__generated__/operations.js';
import { formatRent } from '../../../ui/format.js';
import { SEARCH_PANEL_COUNTS } from '../api/search-panel-counts.js';
import { searchArgsOf } from '../search-args.js';
import { useSearchFormSubmit } from '../search-form.js';

/** The condition codes the panel shows before the master's groups have loaded (and without JavaScript). */
const POPULAR: [string, string][] = [
  ['201', 'バス・トイレ別'],
  ['205', '独立洗面台'],
  ['301', 'ペット相談'],
  ['101', 'エアコン付'],
];

/** How long the panel waits after the last change before asking for the counts of what is chosen. */
export const PANEL_COUNT_DEBOUNCE_MS = 300;

/**
 * The condition panel (issue 16): GET to the search's page, so the result URL is shareable and
 * crawlable. It asks for every SPEC §3 condition: the area of the search (its cities, or its
 * stations), rent (up to 100万円 and 上限なし) with 管理費込み / 礼金なし / 敷金なし, plans, floor area,
 * walk minutes, age, building types and every condition group of the master. In the browser each
 * option carries the count of listings it would give and the submit button the total, both for what
 * is chosen now, before submitting (searchBukkens.facets, debounced). What it does not ask (commute
 * destinations, special feature, free word, the order, codes the master does not list) rides along
 * as hidden fields, so narrowing keeps it; the page starts again at 1. Keyed by the search's URL:
 * when the URL changes (back button, a link), the controls show its values.
 */
export function FilterForm({ condition, target = 'results' }: { condition: SearchUrlCondition; target?: FilterTarget }) {
  return <FilterFormFields key={searchUrlOf(condition)} condition={condition} target={target} />;
}

/** Where the panel leads: the results pages, or the map (/search/map keeps the place in its query). */
export type FilterTarget = 'results' | 'map';

/** A select's choices plus the URL's own value when it is not one of them (a shared link's 65,500 yen), so narrowing keeps it. */
function withCurrent<T extends number | string>(choices: readonly T[], current: T | undefined): readonly T[] {
  if (current === undefined || choices.includes(current)) return choices;
  return typeof current === 'number' ? [...choices, current].sort((a, b) => Number(a) - Number(b)) : [...choices, current];
}

/** The area control a search gets: its stations (line and station searches) or its cities (prefecture and city searches). */
type AreaKind = 'stations' | 'cities';
function areaKindOf(c: SearchUrlCondition): AreaKind | undefined {
  // A campus or town search is a place of its own; a search with no prefecture would list the whole country.
  if (c.instituteCampusId !== undefined || c.townCodes?.length) return undefined;
  if (c.stationCodes?.length || c.lineCodes?.length) return 'stations';
  if (c.prefecturePath !== undefined || c.cityCodes?.length) return 'cities';
  return undefined;
}

type Facets = SearchPanelCountsQuery['searchBukkens']['facets'];
type Counts = Map<string, number>;
const countsOf = (list: readonly { value: string; count: number }[] | null | undefined): Counts | undefined =>
  list ? new Map(list.map((f) => [f.value, f.count])) : undefined;

/** The panel's query variables for a condition: the results page's own arguments (the same total), no page or order. */
function countVariables(c: SearchUrlCondition): SearchPanelCountsQueryVariables {
  const { page: _page, perPage: _perPage, sort: _sort, ...args } = searchArgsOf(c);
  const kind = areaKindOf(c);
  return { ...args, withCities: kind === 'cities', withStations: kind === 'stations' };
}

/** Rendered once the page has hydrated: the server render and the first browser render agree, then counts are asked for. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The option text with its count when known: '8万円（1,234件）'. */
const withCount = (text: string, count: number | undefined) => (count === undefined ? text : `${text}（${formatNumber(count)}件）`);

function FilterFormFields({ condition, target }: { condition: SearchUrlCondition; target: FilterTarget }) {
  const submit = useSearchFormSubmit();
  const hydrated = useHydrated();
  const area = areaKindOf(condition);
  // What the panel shows counts for: the URL's condition, then what the visitor chooses (debounced).
  const [chosen, setChosen] = useState<SearchUrlCondition>(condition);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // cache-first: the counts of a condition are asked once per page view (the page's other cache writes,
  // such as the remembered search's answer, must not ask them again: cache-and-network did).
  const counts = useQuery(SEARCH_PANEL_COUNTS, { variables: countVariables(chosen), skip: !hydrated, fetchPolicy: 'cache-first' });
  const answer = counts.data ?? counts.previousData;
  const facets: Facets | undefined = answer?.searchBukkens.facets;
  const groups = answer?.searchMaster.conditionGroups;
  const total = answer?.searchBukkens.result.bukkenTotal.count;

  const s = condition.searchCondition ?? {};
  const other = new Set(s.other ?? []);
  const types = new Set(s.buildingTypes ?? []);
  const pending = chosen.searchCondition ?? {};
  // Controls that appear once the counts are in (the area's, the master's groups) start as the visitor has chosen so far.
  const pendingOther = new Set(pending.other ?? []);
  const pendingArea = (area === 'stations' ? chosen.stationCodes : chosen.cityCodes) ?? [];

  // The area's options: the facet's (with counts) once known; the search's own choices stay chosen.
  const areaParam = area === 'stations' ? P.station : P.city;
  const areaSelected = (area === 'stations' ? condition.stationCodes : condition.cityCodes) ?? [];
  // In a stable order while the counts follow the visitor's choices: the search's own first, then by code.
  const areaFacet = area === undefined ? undefined : area === 'stations' ? facets?.stations : facets?.cities;
  const areaOptions =
    areaFacet &&
    [...areaFacet].sort(
      (a, b) => Number(!areaSelected.includes(Number(a.value))) - Number(!areaSelected.includes(Number(b.value))) || Number(a.value) - Number(b.value),
    );
  const areaShown = new Set(areaOptions?.map((o) => Number(o.value)) ?? []);
  // The condition codes shown as checkboxes: every group of the master once loaded, else the popular ones.
  const codesShown = new Set(groups ? groups.flatMap((g) => g.conditions.map((c) => String(c.code))) : POPULAR.map(([code]) => code));

  // Everything the controls do not ask, as hidden fields. With an area control the form goes to the
  // results route with the place in its query (the codec then writes the one URL of the new place).
  // The area's choices not shown as checkboxes (yet) stay as hidden fields.
  const areaHidden = areaSelected.filter((code) => !areaShown.has(code));
  const { path, carried } = searchUrlParts(condition);
  const kept: SearchUrlCondition = {
    ...condition,
    ...(area === 'stations' ? { stationCodes: areaHidden } : area === 'cities' ? { cityCodes: areaHidden } : {}),
    // A station choice stands for itself (the station page's line is where the station is, not a filter).
    ...(area === 'stations' && condition.stationCodes?.length ? { lineCodes: undefined } : {}),
    page: undefined,
    searchCondition: { word: s.word, other: s.other?.filter((code) => !codesShown.has(code)) },
  };
  const toMap = target === 'map';
  const hidden = searchQueryEntries(kept, toMap ? { sort: true, page: true } : area === undefined ? carried : {});
  const action = toMap ? SEARCH_MAP_PATH : area === undefined ? path : '/search/results';

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const fields = new URLSearchParams();
      for (const [key, value] of new FormData(form)) if (typeof value === 'string') fields.append(key, value);
      const parsed = parseSearchHref(`${action}?${fields.toString()}`);
      if (parsed.ok) setChosen(parsed.condition);
    }, PANEL_COUNT_DEBOUNCE_MS);
  };

  const text = (n: number | undefined) => (n === undefined ? '' : String(n));
  const rentMin = countsOf(facets?.rentMin);
  const rentMax = countsOf(facets?.rentMax);
  const areaMin = countsOf(facets?.areaMin);
  const areaMax = countsOf(facets?.areaMax);
  const walk = countsOf(facets?.walkMin);
  const built = countsOf(facets?.builtYear);
  const typeCounts = countsOf(facets?.buildingTypes);
  const codeCounts = countsOf(facets?.conditions);
  // Plans are a range: an end's count sums the plans between it and the other end (facets count each plan alone).
  const planCounts = countsOf(facets?.plans);
  const planIndex = (name: string | undefined, fallback: number) => {
    const i = name === undefined ? -1 : (MADORI_NAMES as readonly string[]).indexOf(name);
    return i < 0 ? fallback : i;
  };
  const planSum = (from: number, to: number) =>
    planCounts ? MADORI_NAMES.slice(from, to + 1).reduce((n, name) => n + (planCounts.get(name) ?? 0), 0) : undefined;
  const lastPlan = MADORI_NAMES.length - 1;
  const planMinCount = (name: string) =>
    (MADORI_NAMES as readonly string[]).includes(name) ? planSum(planIndex(name, 0), planIndex(pending.plans?.max, lastPlan)) : undefined;
  const planMaxCount = (name: string) =>
    (MADORI_NAMES as readonly string[]).includes(name) ? planSum(planIndex(pending.plans?.min, 0), planIndex(name, lastPlan)) : undefined;

  return (
    <form className="s-filter s-section" action={action} method="get" data-testid="filter-form" onSubmit={submit} onChange={onChange}>
      <h2>条件を絞り込む</h2>
      {hidden.map(([k, v], i) => (
        <input key={`${k}-${v}-${i}`} type="hidden" name={k} value={v} />
      ))}
      {area !== undefined && areaOptions && areaOptions.length > 0 && (
        <fieldset className="s-filter__area">
          <legend>{area === 'stations' ? '駅' : '市区町村'}</legend>
          {areaOptions.map((o) => (
            <label key={o.value}>
              <input type="checkbox" name={areaParam} value={o.value} defaultChecked={pendingArea.includes(Number(o.value))} /> {withCount(o.label, o.count)}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend>賃料</legend>
        <select name={P.rentMin} defaultValue={text(s.chinryou?.min)} aria-label="賃料の下限">
          <option value="">下限なし</option>
          {withCurrent(RENT_PRICES, s.chinryou?.min).map((p) => (
            <option key={p} value={p}>
              {withCount(formatRent(p), rentMin?.get(String(p)))}
            </option>
          ))}
        </select>
        〜
        <select name={P.rentMax} defaultValue={text(s.chinryou?.max)} aria-label="賃料の上限">
          <option value="">上限なし</option>
          {withCurrent(RENT_PRICES, s.chinryou?.max).map((p) => (
            <option key={p} value={p}>
              {withCount(formatRent(p), rentMax?.get(String(p)))}
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
          {withCurrent<string>(MADORI_NAMES, s.plans?.min).map((p) => (
            <option key={p} value={p}>
              {withCount(p, planMinCount(p))}
            </option>
          ))}
        </select>
        〜
        <select name={P.planMax} defaultValue={s.plans?.max ?? ''} aria-label="間取りの上限">
          <option value="">指定なし</option>
          {withCurrent<string>(MADORI_NAMES, s.plans?.max).map((p) => (
            <option key={p} value={p}>
              {withCount(p, planMaxCount(p))}
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset>
        <legend>専有面積</legend>
        <select name={P.areaMin} defaultValue={text(s.area?.min)} aria-label="専有面積の下限">
          <option value="">下限なし</option>
          {withCurrent(AREA_BOUNDS, s.area?.min).map((a) => (
            <option key={a} value={a}>
              {withCount(`${a}㎡`, areaMin?.get(String(a)))}
            </option>
          ))}
        </select>
        〜
        <select name={P.areaMax} defaultValue={text(s.area?.max)} aria-label="専有面積の上限">
          <option value="">上限なし</option>
          {withCurrent(AREA_BOUNDS, s.area?.max).map((a) => (
            <option key={a} value={a}>
              {withCount(`${a}㎡`, areaMax?.get(String(a)))}
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset>
        <legend>駅徒歩・築年数</legend>
        <select name={P.walkMin} defaultValue={text(s.walkMin)} aria-label="駅徒歩">
          <option value="">駅徒歩 指定なし</option>
          {withCurrent(WALK_MINUTES, s.walkMin).map((w) => (
            <option key={w} value={w}>
              {withCount(`${w}分以内`, walk?.get(String(w)))}
            </option>
          ))}
        </select>
        <select name={P.builtYear} defaultValue={text(s.builtYear)} aria-label="築年数">
          <option value="">築年数 指定なし</option>
          {withCurrent(BUILT_YEARS, s.builtYear).map((b) => (
            <option key={b} value={b}>
              {withCount(`${b}年以内`, built?.get(String(b)))}
            </option>
          ))}
        </select>
      </fieldset>
      <fieldset>
        <legend>建物の種類</legend>
        {BUILDING_TYPES.map(({ key, name }) => (
          <label key={key}>
            <input type="checkbox" name={P.buildingType} value={key} defaultChecked={types.has(key)} /> {withCount(name, typeCounts?.get(key))}
          </label>
        ))}
      </fieldset>
      {groups ? (
        <fieldset>
          <legend>こだわり条件</legend>
          {groups.map((g) => (
            <details key={g.key} className="s-filter__group" open={g.conditions.some((c) => pendingOther.has(String(c.code))) || undefined}>
              <summary>{g.name}</summary>
              {g.conditions.map((c) => (
                <label key={c.code}>
                  <input type="checkbox" name={P.other} value={c.code} defaultChecked={pendingOther.has(String(c.code))} />{' '}
                  {withCount(c.name, codeCounts?.get(String(c.code)))}
                </label>
              ))}
            </details>
          ))}
        </fieldset>
      ) : (
        <fieldset>
          <legend>こだわり条件</legend>
          {POPULAR.map(([code, name]) => (
            <label key={code}>
              <input type="checkbox" name={P.other} value={code} defaultChecked={other.has(code)} /> {name}
            </label>
          ))}
        </fieldset>
      )}
      <p className="s-filter__total" role="status">
        {total === undefined ? '' : `この条件の物件 ${formatNumber(total)}件`}
      </p>
      <button type="submit" className="sk-button sk-button--primary">
        この条件で検索{total === undefined ? '' : `（${formatNumber(total)}件）`}
      </button>
    </form>
  );
}
