/**
 * What no response may contain, whatever was asked: a status ≥ 500, INTERNAL_SERVER_ERROR, a stack
 * trace, an internal service name, host:port, errno, file path or SQL. Client-facing errors name no
 * internal part of the site (issue 13, finding 4; contracts: logs name the service, bodies never).
 */

export interface LeakRule {
  name: string;
  pattern: RegExp;
}

const SUBGRAPH_NAMES = 'search|bukken|user|company|forms';

export const LEAK_RULES: readonly LeakRule[] = [
  { name: 'INTERNAL_SERVER_ERROR', pattern: /INTERNAL_SERVER_ERROR/ },
  // `    at fn (/path/file.ts:1:2)`, raw or JSON-escaped, and `at /…` frames.
  { name: 'stack trace', pattern: /(?:^|\\n|\n)\s*at (?:async )?[^\n"]{0,200}?:\d+:\d+\)?/ },
  { name: 'stack trace', pattern: /(?:^|\\n|\n)\s*at \// },
  { name: 'stack trace', pattern: /"stacktrace"\s*:/ },
  { name: 'internal service name', pattern: new RegExp(`\\b(?:service|subgraph)s?\\s*\\\\?["'\`]?(?:${SUBGRAPH_NAMES})\\b`, 'i') },
  { name: 'internal service name', pattern: /subquery from|Error while fetching|GraphQL request to|fetching from/i },
  { name: 'network error', pattern: /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|EPIPE|EAI_AGAIN|UND_ERR_[A-Z_]+|socket hang up|fetch failed)\b/ },
  // An absolute path on this machine (not a URL's path: nothing URL-like right before it).
  { name: 'file path', pattern: /file:\/\/\/|(?<![\w.:/%-])\/(?:work|root|home|usr|opt|srv|var\/lib|tmp)\/[\w.@+-]+\/|\bnode_modules\/|(?<![\w-])\.data\// },
  { name: 'file path', pattern: /\b[\w/-]+\.(?:ts|tsx|mjs|cjs):\d+/ },
  {
    name: 'SQL',
    pattern:
      /syntax error at or near|relation "[^"]*" does not exist|column "[^"]*" (?:does not exist|of relation)|duplicate key value|violates (?:not-null|foreign key|unique|check) constraint|invalid input syntax for type|invalid byte sequence for encoding|unterminated quoted string|\bSQLSTATE\b|\bpg_catalog\b|\bPGlite\b|\bkysely\b|\b(?:SELECT|select) [\w"*., ()]{1,200} (?:FROM|from) "?[a-z_]+"?\."?[a-z_]+|\bINSERT INTO "?[a-z_]+|\bUPDATE "?[a-z_]+"?\."?[a-z_]+"? SET\b|\bDELETE FROM "?[a-z_]+/,
  },
  {
    name: 'runtime error',
    pattern:
      /\b(?:TypeError|ReferenceError|RangeError|SyntaxError: Unexpected|Maximum call stack size exceeded|Cannot read propert(?:y|ies) of|is not a function|heap out of memory)\b/,
  },
];

/** host:port of every internal service (the subgraphs, and the gateway behind the shell): never in a body. */
export function internalAddressRule(ports: number[]): LeakRule {
  const alternatives = ports.map(String).join('|');
  return {
    name: 'internal address',
    pattern: new RegExp(`(?:127\\.0\\.0\\.1|localhost|\\[::1\\]|0\\.0\\.0\\.0):(?:${alternatives})\\b|(?:127\\.0\\.0\\.1|localhost):40\\d\\d\\b`),
  };
}

export interface Problem {
  rule: string;
  excerpt: string;
}

/** Every rule the body breaks, with the text around the first match. */
export function leaks(body: string, rules: readonly LeakRule[]): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.name)) continue;
    const m = rule.pattern.exec(body);
    if (!m) continue;
    seen.add(rule.name);
    const from = Math.max(0, m.index - 80);
    out.push({ rule: rule.name, excerpt: body.slice(from, m.index + m[0].length + 80).replace(/\s+/g, ' ') });
  }
  return out;
}
