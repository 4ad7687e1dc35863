import { badRequest } from '@sumika/server-kit';
import { normaliseWord } from '@sumika/domain';
import { toKatakana } from 'wanakana';
import type { Resolvers } from '../__generated__/resolvers-types.js';
import { suggestStationGroups, type LineRow, type SuggestPrefixes } from '../repositories/railways.js';
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

export const suggestResolvers: Resolvers = {
  Query: {
    stationSuggests: async (_, args, ctx) => {
      const prefectureCode = optionalPrefecture(args.prefecturePath);
      const keyword = args.keyword.trim();
      if (keyword === '') return [];
      if ([...keyword].length > SUGGEST_MAX_KEYWORD) throw badRequest(`キーワードは${SUGGEST_MAX_KEYWORD}文字以内で入力してください。`);
      const prefixes = suggestPrefixes(keyword);
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
