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

/** Hiragana whose vowel is o or u, for the long-vowel collapse (small kana included). */
const O_ROW = 'おこごそぞとどのほぼぽもよろをぉょ';
const U_ROW = 'うくぐすずつづぬふぶぷむゆるぅゅ';

/**
 * A loose reading key: how a name sounds, as a visitor may type it in romaji or kana. Romaji
 * (Hepburn or kunrei, `shinjuku`, `sinzyuku`, `shimbashi`) becomes hiragana, and long vowels
 * collapse (おう/おお/うう → お/う, ー dropped before wanakana would spell it out), since people type `tokyo` and `osaka` for
 * とうきょう and おおさか. `shinjuku`, `ｼﾝｼﾞｭｸ` and `しんじゅく` all give しんじゅく; '' when the
 * text is not a reading (kanji, digits, other letters).
 */
export function readingKey(text: string): string {
  let t = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ー/g, '')
    .replace(/[\s\p{P}\p{S}]+/gu, (_sep, at: number, all: string) =>
      // "shin-osaka", "shin'osaka": the separator after an n marks ん.
      all[at - 1] === 'n' ? "'" : '',
    );
  if (/^[a-z']+$/.test(t)) t = toHiragana(t.replace(/m(?=[bmp])/g, 'n')).replace(/'/g, '');
  else t = toHiragana(t, { passRomaji: true });
  if (!/^[\u3041-\u3096ー]+$/.test(t)) return '';
  let out = '';
  for (const ch of t) {
    const prev = out[out.length - 1];
    if (prev === undefined) {
      out += ch;
      continue;
    }
    if ((ch === 'う' || ch === 'お') && O_ROW.includes(prev)) continue;
    if (ch === 'う' && U_ROW.includes(prev)) continue;
    out += ch;
  }
  return out;
}
