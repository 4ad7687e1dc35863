import { badRequest } from '@sumika/server-kit';
import { normaliseWord, readingKey } from '@sumika/domain';
import { searchUrlOf } from '@sumika/spec';
import { toKatakana } from 'wanakana';
import type { Resolvers, WordSuggest } from '../__generated__/resolvers-types.js';
import type { Context } from '../context.js';
import { searchMaster, type SearchMaster } from '../repositories/listing-master.js';
import { firstStationsOfGroups, suggestCities, suggestStationGroups, type LineRow, type SuggestPrefixes } from '../repositories/railways.js';
import { optionalPrefecture } from './places.js';

export const SUGGEST_LIMIT = 20;
export const SUGGEST_MAX_KEYWORD = 50;

/**
 * The prefixes a keyword is matched with: station_group.kana is hiragana and romaji is
 * lower-case ASCII without separators, both what normaliseWord yields. Names are stored
 * raw, so they are tried normalised, in katakana and as typed (NFKC, original and upper case).
 */
export function suggestPrefixes(keyword: string): SuggestPrefixes | undefined {
  const normalised = normaliseWord(keyword);
  if (normalised === '') return undefined;
  const typed = keyword.normalize('NFKC').replace(/\s+/g, '');
  // Raw names mix scripts and cases (渋谷, センター北, つくば, JR難波): try the spellings the keyword can stand for.
  const names = new Set([normalised, toKatakana(normalised, { passRomaji: true }), typed, typed.toUpperCase()]);
  names.delete('');
  return {
    names: [...names],
    kana: normalised,
    ...(/^[a-z0-9]+$/.test(normalised) ? { romaji: normalised } : {}),
  };
}

/** How many of each kind the free word's suggestions list (stations first: what people type most). */
export const WORD_SUGGEST_LIMITS = { stations: 5, cities: 3, lines: 2 } as const;

/** The keyword checked as stationSuggests checks it: empty → no suggestion, too long → 400. */
function suggestKeyword(raw: string): SuggestPrefixes | undefined {
  const keyword = raw.trim();
  if (keyword === '') return undefined;
  if ([...keyword].length > SUGGEST_MAX_KEYWORD) throw badRequest(`キーワードは${SUGGEST_MAX_KEYWORD}文字以内で入力してください。`);
  return suggestPrefixes(keyword);
}

/** Lines whose name or nickname starts with the keyword, in display order: the master's normalised line words, no per-request normalising. */
function suggestLines(master: SearchMaster, prefixes: SuggestPrefixes, limit: number) {
  const keys = prefixes.names.map(normaliseWord).filter((k) => k !== '');
  const codes = new Set<number>();
  for (const [word, lineCodes] of master.words.lines) if (keys.some((k) => word.startsWith(k))) for (const c of lineCodes) codes.add(c);
  return [...master.lines.values()].filter((l) => codes.has(l.code)).slice(0, limit);
}

/**
 * The free word's suggestions: stations (by name, kana or romaji), cities and lines the keyword
 * starts, each with the search page it opens (the station's and city's own pages; a line in its
 * first prefecture).
 */
async function wordSuggests(rawKeyword: string, ctx: Context): Promise<WordSuggest[]> {
  const prefixes = suggestKeyword(rawKeyword);
  if (!prefixes) return [];
  const master = await searchMaster(ctx.db);
  const prefPath = (code: number) => master.prefectures.get(code)?.path;
  const prefName = (code: number) => master.prefectures.get(code)?.name ?? '';
  const [groups, cities] = await Promise.all([
    suggestStationGroups(ctx.db, prefixes, { limit: WORD_SUGGEST_LIMITS.stations }).execute(),
    suggestCities(ctx.db, prefixes, readingKey(rawKeyword.trim()), WORD_SUGGEST_LIMITS.cities),
  ]);
  // A station page is a per-line station: the group's station on its first line (the lines' display order).
  const firstStations = await firstStationsOfGroups(
    ctx.db,
    groups.map((g) => g.code),
  );
  const out: WordSuggest[] = [];
  for (const g of groups) {
    const station = firstStations.find((s) => s.group_code === g.code);
    const prefecturePath = prefPath(g.prefecture_code);
    if (!station || !prefecturePath) continue;
    const lines = g.line_codes.map((c) => master.lines.get(c)?.name).filter((n): n is string => n !== undefined);
    out.push({
      kind: 'STATION',
      name: `${g.name}駅`,
      detail: [prefName(g.prefecture_code), lines.slice(0, 3).join('・') + (lines.length > 3 ? ' ほか' : '')].filter(Boolean).join(' '),
      path: searchUrlOf({ prefecturePath, lineCodes: [station.line_code], stationCodes: [station.code] }),
    });
  }
  for (const c of cities) {
    const prefecturePath = prefPath(c.prefecture_code);
    if (prefecturePath)
      out.push({ kind: 'CITY', name: c.name, detail: prefName(c.prefecture_code), path: searchUrlOf({ prefecturePath, cityCodes: [c.code] }) });
  }
  for (const l of suggestLines(master, prefixes, WORD_SUGGEST_LIMITS.lines)) {
    const prefecturePath = l.prefectureCodes[0] === undefined ? undefined : prefPath(l.prefectureCodes[0]);
    if (prefecturePath) {
      out.push({
        kind: 'LINE',
        name: l.name,
        detail: l.prefectureCodes.map(prefName).filter(Boolean).slice(0, 3).join('・'),
        path: searchUrlOf({ prefecturePath, lineCodes: [l.code] }),
      });
    }
  }
  return out;
}

export const suggestResolvers: Resolvers = {
  Query: {
    wordSuggests: (_, args, ctx) => wordSuggests(args.keyword, ctx),
    stationSuggests: async (_, args, ctx) => {
      const prefectureCode = optionalPrefecture(args.prefecturePath);
      const prefixes = suggestKeyword(args.keyword);
      if (!prefixes) return [];
      return suggestStationGroups(ctx.db, prefixes, { limit: SUGGEST_LIMIT, ...(prefectureCode !== undefined ? { prefectureCode } : {}) }).execute();
    },
  },
  StationSuggest: {
    ekitanCode: (g) => g.code,
    prefectureCode: (g) => g.prefecture_code,
    prefectureName: async (g, _, ctx) => (await ctx.loaders.prefectureByCode.load(g.prefecture_code))?.name ?? '',
    lines: async (g, _, ctx) => {
      const lines = await Promise.all(g.line_codes.map((c) => ctx.loaders.lineByCode.load(c)));
      return lines.filter((l): l is LineRow => l !== undefined).sort((a, b) => a.sort - b.sort || a.code - b.code);
    },
  },
};
