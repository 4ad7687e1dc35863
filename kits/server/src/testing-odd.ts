/**
 * Strings a visitor or a bot can send, each legal in GraphQL and JSON: the one list the subgraphs'
 * odd-input tests (and the fuzz's generator) send to every text argument and input field. A resolver
 * must answer each with data or a 4xx-class error, never INTERNAL_SERVER_ERROR.
 */
export const ODD_STRINGS: readonly string[] = [
  '',
  ' ',
  // LIKE's wildcards and escape, alone and in text.
  '%',
  '_',
  '\\',
  '%_\\',
  '100%',
  'a_b',
  '渋谷%',
  "'; DROP TABLE listing; --",
  // Names an object has without being given them: a lookup table indexed with one finds a function.
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  // Emoji, a ZWJ sequence, lone surrogates, bidi and width variants, combining marks.
  '🏠',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff',
  'a\ud800b',
  'a\udfffb',
  '\u202e逆向き',
  'ｼﾌﾞﾔ',
  '\u3000渋谷\u3000',
  'é',
  '\\u0000',
  // A key with a full-width digit.
  'bk00000000１',
  'a'.repeat(10_000),
  'あ'.repeat(10_000),
  '🏠'.repeat(5_000),
  // Cut at 1,000 UTF-16 units, as request data is stored, between the halves of a pair.
  `a${'🏠'.repeat(600)}`,
];
