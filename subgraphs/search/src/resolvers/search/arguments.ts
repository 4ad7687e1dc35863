import { badRequest, notFound } from '@sumika/server-kit';
import { prefectureCodeOf } from '@sumika/domain';
import { MAX_COMMUTE_DESTINATIONS } from '@sumika/spec';
import type { DestinationStationInput, QuerySearchBukkensArgs } from '../../__generated__/resolvers-types.js';
import type { Context } from '../../context.js';
import type { Destination } from '../../domain/commute.js';
import { normaliseCondition, type Condition } from '../../domain/condition.js';
import { classifyWord, japanYear, type ListingFilter } from '../../domain/filter.js';
import { stationGraph } from '../../repositories/graph.js';
import { campusStations, cityChoice, searchMaster, townsByCodes, type MasterSpecial, type SearchMaster } from '../../repositories/listing-master.js';

// The arguments of searchBukkens and its variants, validated and resolved to a listing filter.

/** The place and condition arguments shared by searchBukkens and its variants (the schema's, without paging and sort). */
export type SearchArgs = Omit<QuerySearchBukkensArgs, 'page' | 'perPage' | 'sort'>;
export type { DestinationStationInput };

const MAX_CODES = 500;

/** Non-null codes, deduplicated; null when none were given (the filter is then absent). */
export function codes(list: (number | null)[] | null | undefined, label: string): number[] | null {
  if (!list) return null;
  const out = [...new Set(list.filter((c): c is number => c !== null))];
  if (out.length > MAX_CODES) throw badRequest(`${label}は${MAX_CODES}件まで指定できます。`);
  return out.length ? out : null;
}

/** The code of an optional prefecture path; a path that names no prefecture is NOT_FOUND (the 404 page). */
export function prefectureOf(path: string | null | undefined): number | null {
  if (path === null || path === undefined) return null;
  const code = prefectureCodeOf(path);
  if (code === undefined) throw notFound('指定された都道府県が見つかりません。');
  return code;
}

/**
 * Every given place code must name a place, in the given prefecture when there is one: a search for
 * a place that does not exist is NOT_FOUND, never an honest-looking empty result.
 */
async function requireKnownPlaces(ctx: Pick<Context, 'db'>, master: SearchMaster, prefectureCode: number | null, args: SearchArgs): Promise<void> {
  const inPrefecture = (codes: number[]) => prefectureCode === null || codes.includes(prefectureCode);
  const cities = [...(codes(args.cityCodes, '市区町村') ?? []), ...(args.gdCityCode !== null && args.gdCityCode !== undefined ? [args.gdCityCode] : [])];
  for (const code of cities) {
    const city = master.cities.get(code);
    if (!city || !inPrefecture([city.prefectureCode])) throw notFound('指定された市区町村が見つかりません。');
  }
  const townCodes = codes(args.townCodes, '町域') ?? [];
  if (townCodes.length) {
    const towns = new Map((await townsByCodes(ctx.db, townCodes)).map((t) => [t.code, t]));
    for (const code of townCodes) {
      const city = master.cities.get(towns.get(code)?.cityCode ?? -1);
      if (!city || !inPrefecture([city.prefectureCode])) throw notFound('指定された町域が見つかりません。');
    }
  }
  for (const code of codes(args.lineCodes, '路線') ?? []) {
    const line = master.lines.get(code);
    if (!line || !inPrefecture(line.prefectureCodes)) throw notFound('指定された路線が見つかりません。');
  }
  for (const code of codes(args.stationCodes, '駅') ?? []) {
    const group = master.stationGroups.get(groupOf(master, code));
    if (!group || !inPrefecture([group.prefectureCode])) throw notFound('指定された駅が見つかりません。');
  }
}

/** A station argument is a group code or a per-line code; the group wins when a number is both. */
export function groupOf(master: SearchMaster, code: number): number {
  if (master.stationGroups.has(code)) return code;
  return master.stationGroupOf.get(code) ?? code;
}

/** A search resolved to codes: the filter plus what its texts are written from. */
export interface ResolvedSearch {
  filter: ListingFilter;
  master: SearchMaster;
  args: SearchArgs;
  special: MasterSpecial | null;
  campus: { instituteName: string; campusName: string } | null;
  destinations: Destination[];
  /** The condition as chosen (the filter's may be narrowed further by the free word's terms). */
  condition: Condition;
}

/**
 * Validates the arguments and resolves every place to codes (SPEC §3): kinds AND together,
 * codes of one kind OR together; only active listings.
 */
export async function resolveSearch(ctx: Pick<Context, 'db'>, args: SearchArgs): Promise<ResolvedSearch> {
  const prefectureCode = prefectureOf(args.prefecturePath);
  const master = await searchMaster(ctx.db);
  await requireKnownPlaces(ctx, master, prefectureCode, args);
  const condition = normaliseCondition(args.searchCondition, new Set(master.conditions.keys()));
  const cityCodes = codes(args.cityCodes, '市区町村');
  const stationCodes = codes(args.stationCodes, '駅');
  const filter: ListingFilter = {
    archived: false,
    prefectureCode,
    city: cityCodes ? cityChoice(master, cityCodes) : null,
    townCodes: codes(args.townCodes, '町域'),
    stationGroups: stationCodes ? [...new Set(stationCodes.map((c) => groupOf(master, c)))] : null,
    lineCodes: codes(args.lineCodes, '路線'),
    stationSets: [],
    lineSets: [],
    citySets: args.gdCityCode !== null && args.gdCityCode !== undefined ? [cityChoice(master, [args.gdCityCode], true)] : [],
    special: null,
    words: [],
    storeId: null,
    condition,
    currentYear: japanYear(),
    bbox: null,
  };

  let special: MasterSpecial | null = null;
  if (args.specialName !== null && args.specialName !== undefined) {
    special = master.specials.get(args.specialName) ?? null;
    if (!special) throw notFound('指定された特集が見つかりません。');
    filter.special = special.rule;
  }

  let campus: ResolvedSearch['campus'] = null;
  if (args.instituteCampusId !== null && args.instituteCampusId !== undefined) {
    const found = await campusStations(ctx.db, args.instituteCampusId);
    if (!found) throw notFound('指定されたキャンパスが見つかりません。');
    campus = found;
    filter.stationSets.push(found.groups);
  }

  const destinations: Destination[] = [];
  if (args.destinationStations?.length) {
    if (args.destinationStations.length > MAX_COMMUTE_DESTINATIONS) throw badRequest(`通勤・通学先は${MAX_COMMUTE_DESTINATIONS}件まで指定できます。`);
    for (const d of args.destinationStations) {
      destinations.push({ stationGroupCode: groupOf(master, d.stationCode), maxMinutes: d.maxMinutes, maxTransfers: d.maxTransfers ?? null });
    }
    const graph = await stationGraph(ctx.db);
    filter.stationSets.push([...graph.commuteGroups(destinations)].sort((a, b) => a - b));
  }

  if (condition.word) {
    const words = new Set<string>();
    // A madori or condition named in the free word narrows like the panel (AND with what it holds);
    // the texts keep the condition as chosen, the word shown as typed.
    const narrowed: Condition = { ...condition, conditionCodes: [...condition.conditionCodes] };
    for (const term of classifyWord(condition.word, master.words)) {
      if (term.kind === 'station') filter.stationSets.push(term.groups);
      else if (term.kind === 'city') filter.citySets.push(term.city);
      else if (term.kind === 'line') filter.lineSets.push(term.lines);
      else if (term.kind === 'plan') {
        narrowed.planMin = Math.max(narrowed.planMin ?? term.plan, term.plan);
        narrowed.planMax = Math.min(narrowed.planMax ?? term.plan, term.plan);
      } else if (term.kind === 'condition') {
        if (!narrowed.conditionCodes.includes(term.code)) narrowed.conditionCodes.push(term.code);
      } else for (const b of term.bigrams) words.add(b);
    }
    filter.words = [...words].sort();
    filter.condition = narrowed;
  }
  return { filter, master, args, special, campus, destinations, condition };
}
