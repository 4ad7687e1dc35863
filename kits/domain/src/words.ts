import { toHiragana } from 'wanakana';

/**
 * Normalises text for free-word matching: NFKC (full/half width), katakana to hiragana,
 * lower case, no spaces or punctuation. 「シブヤ」「ｼﾌﾞﾔ」「しぶや」 all become しぶや.
 */
export function normaliseWord(text: string): string {
  const nfkc = text.normalize('NFKC').toLowerCase();
  return toHiragana(nfkc, { passRomaji: true }).replace(/[\s\p{P}\p{S}]+/gu, '');
}

/**
 * Bigrams of each normalised term (a one-character term is kept as itself). Stored as a
 * `text[]` with a GIN index, because pg_trgm cannot index the two-character names most
 * stations have (渋谷, 新宿).
 */
export function bigrams(terms: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const term of terms) {
    const t = normaliseWord(term);
    const chars = [...t];
    if (chars.length === 1) out.add(chars[0] as string);
    for (let i = 0; i + 1 < chars.length; i++) out.add(`${chars[i]}${chars[i + 1]}`);
  }
  return [...out].sort();
}
