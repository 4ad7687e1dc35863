import { BUILDING_TYPE_KEYS, BUILDING_TYPE_NAMES } from '@sumika/domain';
import { AREA_BOUNDS, BUILT_YEARS, RENT_PRICES, WALK_MINUTES } from '@sumika/spec';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { FacetCount, Facets } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import { MADORI_NAMES } from '../../domain/condition.js';
import { builtYearFrom, withoutDimension } from '../../domain/filter.js';
import type { Within } from '../../domain/sorted.js';
import { man } from '../../domain/text.js';
import { facetCounts, type FacetPart, type KeyCount } from '../../repositories/listing-search.js';
import { groupOf, type ResolvedSearch } from './arguments.js';
import { cachedEach, filterKey } from './results.js';

// Facets: for each option of the search form (its bounds are @sumika/spec's), the count the search
// would give with it applied.
const TOP_FACETS = 30;

export type { FacetCount };

type FacetName = Exclude<keyof Facets, '__typename'>;

/** What SearchBukkensPayload.facets hands down: only the facets the query selected. */
export type FacetsParent = Partial<Facets>;
const FACET_NAMES: readonly FacetName[] = [
  'rentMin',
  'rentMax',
  'areaMin',
  'areaMax',
  'plans',
  'walkMin',
  'builtYear',
  'conditions',
  'buildingTypes',
  'lines',
  'stations',
  'cities',
];

const countOf = (rows: KeyCount[]) => {
  const m = new Map(rows.map((r) => [r.key, r.count]));
  return (k: number) => m.get(k) ?? 0;
};

/** What one facet counts: under the search's filter without its own choice, per value or element of a column. */
function facetPart(r: ResolvedSearch, name: FacetName): FacetPart {
  const filter = withoutDimension(r.filter, name);
  const rent = filter.condition.includeKanrihi ? 'total_rent' : 'chinryou';
  const key: FacetPart['key'] = {
    rentMin: { column: rent },
    rentMax: { column: rent },
    areaMin: { column: 'area_floor' },
    areaMax: { column: 'area_ceil' },
    walkMin: { column: 'walk_min' },
    builtYear: { column: 'built_year' },
    plans: { column: 'plan_code' },
    buildingTypes: { column: 'building_type' },
    cities: { column: 'city_code' },
    conditions: { elements: 'condition_codes' },
    lines: { elements: 'line_codes' },
    stations: { elements: 'station_groups' },
  }[name] as FacetPart['key'];
  const within = withinOf(r, name);
  return within ? { filter, key, within } : { filter, key };
}

/** A bound facet's options (@sumika/spec's bounds): what each counts, the key at or below (or above) it. */
function withinOf(r: ResolvedSearch, name: FacetName): Within | undefined {
  switch (name) {
    case 'rentMin':
      return { op: '>=', bounds: RENT_PRICES };
    case 'rentMax':
      return { op: '<=', bounds: RENT_PRICES };
    case 'areaMin':
      return { op: '>=', bounds: AREA_BOUNDS };
    case 'areaMax':
      return { op: '<=', bounds: AREA_BOUNDS };
    case 'walkMin':
      return { op: '<=', bounds: WALK_MINUTES };
    case 'builtYear':
      return { op: '>=', bounds: BUILT_YEARS.map((b) => builtYearFrom(r.filter.currentYear, b)) };
    default:
      return undefined;
  }
}

/** One facet's options from its counts per key: the count the search would give with each option applied. */
function facetOptions(r: ResolvedSearch, name: FacetName, rows: KeyCount[]): FacetCount[] {
  const { master } = r;
  switch (name) {
    // The bound facets come counted per bound, in the bounds' order (withinOf).
    case 'rentMin':
      return RENT_PRICES.map((b, i) => ({ value: String(b), label: `${man(b)}円以上`, count: rows[i]?.count ?? 0 }));
    case 'rentMax':
      return RENT_PRICES.map((b, i) => ({ value: String(b), label: `${man(b)}円以下`, count: rows[i]?.count ?? 0 }));
    case 'areaMin':
      return AREA_BOUNDS.map((b, i) => ({ value: String(b), label: `${b}㎡以上`, count: rows[i]?.count ?? 0 }));
    case 'areaMax':
      return AREA_BOUNDS.map((b, i) => ({ value: String(b), label: `${b}㎡以下`, count: rows[i]?.count ?? 0 }));
    case 'walkMin':
      return WALK_MINUTES.map((b, i) => ({ value: String(b), label: `駅徒歩${b}分以内`, count: rows[i]?.count ?? 0 }));
    case 'builtYear':
      return BUILT_YEARS.map((b, i) => ({ value: String(b), label: `築${b}年以内`, count: rows[i]?.count ?? 0 }));
    case 'plans': {
      const count = countOf(rows);
      return MADORI_NAMES.map((p, i) => ({ value: p, label: p, count: count(i + 1) }));
    }
    case 'buildingTypes': {
      const count = countOf(rows);
      return Object.entries(BUILDING_TYPE_KEYS).map(([key, code]) => ({ value: key, label: BUILDING_TYPE_NAMES[code] ?? key, count: count(code) }));
    }
    case 'conditions': {
      const count = countOf(rows);
      return [...master.conditions].map(([code, c]) => ({ value: String(code), label: c.name, count: count(code) }));
    }
    case 'lines':
      return rows.slice(0, TOP_FACETS).map((x) => ({ value: String(x.key), label: master.lines.get(x.key)?.name ?? String(x.key), count: x.count }));
    case 'stations': {
      // A station the search names is spelt as the search spells it (a per-line code from the line
      // pickers, or a group code), so a panel can tick it; the search's own stations are always listed.
      const asSent = new Map((r.args.stationCodes ?? []).filter((c): c is number => typeof c === 'number').map((c) => [groupOf(master, c), c]));
      const top = rows.slice(0, TOP_FACETS);
      const listed = new Set(top.map((x) => x.key));
      const own = rows.filter((x) => asSent.has(x.key) && !listed.has(x.key));
      return [...top, ...own].map((x) => ({
        value: String(asSent.get(x.key) ?? x.key),
        label: master.stationGroups.get(x.key)?.name ?? String(x.key),
        count: x.count,
      }));
    }
    case 'cities':
      return rows.map((x) => ({ value: String(x.key), label: master.cities.get(x.key)?.name ?? String(x.key), count: x.count }));
  }
}

/** Names of the fields selected under the current field (fragments included). */
export function selectedFields(info: GraphQLResolveInfo): Set<string> {
  const out = new Set<string>();
  const walk = (set: SelectionSetNode | undefined) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) out.add(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else walk(info.fragments[s.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) walk(node.selectionSet);
  return out;
}

/** The facets the query selected, each cached per filter; those not cached are computed together, in one query. */
export async function selectedFacets(ctx: Pick<Context, 'db' | 'cache'>, r: ResolvedSearch, info: GraphQLResolveInfo): Promise<FacetsParent> {
  // Counted as of now: a catch-up read of the index started during the cache lookup serves them.
  const askedAt = performance.now();
  const wanted = FACET_NAMES.filter((n) => selectedFields(info).has(n));
  // v3: each facet keyed by what it counts under (the search's filter without the facet's own choice),
  // so a visitor changing the rent ceiling finds the rent ceiling's options cached.
  const lists = await cachedEach(
    ctx,
    // The stations facet spells the search's own stations as it sent them: the spelling is in its key.
    wanted.map((n) => `facet:v3:${n}:${filterKey(withoutDimension(r.filter, n))}${n === 'stations' ? `:${(r.args.stationCodes ?? []).join(',')}` : ''}`),
    async (missing) => {
      const names = missing.map((i) => wanted[i]!);
      const counts = await facetCounts(
        ctx.db,
        names.map((n) => facetPart(r, n)),
        askedAt,
      );
      return names.map((n, i) => facetOptions(r, n, counts[i]!));
    },
  );
  return Object.fromEntries(wanted.map((n, i) => [n, lists[i]]));
}
