import { BUILDING_TYPE_KEYS, BUILDING_TYPE_NAMES } from '@sumika/domain';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { FacetCount, Facets } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import { MADORI_NAMES } from '../../domain/condition.js';
import { builtYearFrom, withoutDimension } from '../../domain/filter.js';
import { man } from '../../domain/text.js';
import { cumulativeCounts, elementCounts, groupCounts, type KeyCount } from '../../repositories/listing-search.js';
import type { ResolvedSearch } from './arguments.js';
import { cached, filterKey } from './results.js';

// Facets: for each option, the count the search would give with it applied.

export const RENT_BOUNDS = [50_000, 60_000, 70_000, 80_000, 100_000, 150_000, 200_000] as const;
export const WALK_BOUNDS = [1, 3, 5, 7, 10, 15, 20] as const;
export const BUILT_BOUNDS = [1, 3, 5, 10, 15, 20, 30] as const;
const TOP_FACETS = 30;

export type { FacetCount };

type FacetName = Exclude<keyof Facets, '__typename'>;

/** What SearchBukkensPayload.facets hands down: only the facets the query selected. */
export type FacetsParent = Partial<Facets>;
const FACET_NAMES: readonly FacetName[] = ['rentMax', 'plans', 'walkMin', 'builtYear', 'conditions', 'buildingTypes', 'lines', 'stations', 'cities'];

const countOf = (rows: KeyCount[]) => {
  const m = new Map(rows.map((r) => [r.key, r.count]));
  return (k: number) => m.get(k) ?? 0;
};

/** One facet: the count the search would give with each option applied (every other filter kept). */
export async function facet(ctx: Pick<Context, 'db'>, r: ResolvedSearch, name: FacetName): Promise<FacetCount[]> {
  const { master } = r;
  const f = withoutDimension(r.filter, name);
  switch (name) {
    case 'rentMax': {
      const counts = await cumulativeCounts(ctx.db, f, f.condition.includeKanrihi ? 'total_rent' : 'chinryou', '<=', RENT_BOUNDS);
      return RENT_BOUNDS.map((b, i) => ({ value: String(b), label: `${man(b)}円以下`, count: counts[i] ?? 0 }));
    }
    case 'walkMin': {
      const counts = await cumulativeCounts(ctx.db, f, 'walk_min', '<=', WALK_BOUNDS);
      return WALK_BOUNDS.map((b, i) => ({ value: String(b), label: `駅徒歩${b}分以内`, count: counts[i] ?? 0 }));
    }
    case 'builtYear': {
      const counts = await cumulativeCounts(
        ctx.db,
        f,
        'built_year',
        '>=',
        BUILT_BOUNDS.map((b) => builtYearFrom(f.currentYear, b)),
      );
      return BUILT_BOUNDS.map((b, i) => ({ value: String(b), label: `築${b}年以内`, count: counts[i] ?? 0 }));
    }
    case 'plans': {
      const count = countOf(await groupCounts(ctx.db, f, 'plan_code'));
      return MADORI_NAMES.map((p, i) => ({ value: p, label: p, count: count(i + 1) }));
    }
    case 'buildingTypes': {
      const count = countOf(await groupCounts(ctx.db, f, 'building_type'));
      return Object.entries(BUILDING_TYPE_KEYS).map(([key, code]) => ({ value: key, label: BUILDING_TYPE_NAMES[code] ?? key, count: count(code) }));
    }
    case 'conditions': {
      const count = countOf(await elementCounts(ctx.db, f, 'condition_codes', null));
      return [...master.conditions].map(([code, c]) => ({ value: String(code), label: c.name, count: count(code) }));
    }
    case 'lines': {
      const rows = await elementCounts(ctx.db, f, 'line_codes', TOP_FACETS);
      return rows.map((x) => ({ value: String(x.key), label: master.lines.get(x.key)?.name ?? String(x.key), count: x.count }));
    }
    case 'stations': {
      const rows = await elementCounts(ctx.db, f, 'station_groups', TOP_FACETS);
      return rows.map((x) => ({ value: String(x.key), label: master.stationGroups.get(x.key)?.name ?? String(x.key), count: x.count }));
    }
    case 'cities': {
      const rows = await groupCounts(ctx.db, f, 'city_code');
      return rows.map((x) => ({ value: String(x.key), label: master.cities.get(x.key)?.name ?? String(x.key), count: x.count }));
    }
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

/** The facets the query selected, each computed once per filter (cached), all at once. */
export async function selectedFacets(ctx: Pick<Context, 'db' | 'cache'>, r: ResolvedSearch, info: GraphQLResolveInfo): Promise<FacetsParent> {
  const wanted = FACET_NAMES.filter((n) => selectedFields(info).has(n));
  const lists = await Promise.all(wanted.map((n) => cached(ctx, `facet:${n}:${filterKey(r.filter)}`, () => facet(ctx, r, n))));
  return Object.fromEntries(wanted.map((n, i) => [n, lists[i]]));
}
