import { GraphQLError } from 'graphql';

/**
 * The most brackets (`{`, `[`, `(`) a GraphQL document may open inside one another. graphql-js
 * parses by recursive descent, a few stack frames per level, and `maxTokens` stops it only after
 * it has recursed that deep: `[[[…` two thousand levels down can exhaust the stack ("Maximum call
 * stack size exceeded") depending on how warm the JIT is. No real operation comes near this: the
 * selection depth limit is 12, input objects add a few levels.
 */
export const MAX_SOURCE_NESTING = 64;

/**
 * How deep brackets nest in a GraphQL source, outside strings and comments, scanning no further
 * than the first level above `stopAbove` (so a hostile document costs at most one linear pass).
 */
export function sourceNesting(source: string, stopAbove = MAX_SOURCE_NESTING): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source.charCodeAt(i);
    if (ch === 0x23 /* # */) {
      while (i < source.length && source.charCodeAt(i) !== 0x0a && source.charCodeAt(i) !== 0x0d) i++;
    } else if (ch === 0x22 /* " */) {
      if (source.startsWith('"""', i)) {
        // Block string: ends at the next unescaped """.
        i += 3;
        while (i < source.length && !source.startsWith('"""', i)) i += source.startsWith('\\"""', i) ? 4 : 1;
        i += 2;
      } else {
        i++;
        while (i < source.length && source.charCodeAt(i) !== 0x22 && source.charCodeAt(i) !== 0x0a) i += source.charCodeAt(i) === 0x5c ? 2 : 1;
      }
    } else if (ch === 0x7b || ch === 0x5b || ch === 0x28 /* { [ ( */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (ch === 0x7d || ch === 0x5d || ch === 0x29 /* } ] ) */) {
      if (depth > 0) depth--;
    }
  }
  return deepest;
}

/** The 400 for a document nested deeper than {@link MAX_SOURCE_NESTING}, refused before parsing. */
export function tooNested(limit = MAX_SOURCE_NESTING): GraphQLError {
  return new GraphQLError(`クエリの入れ子が深すぎます (brackets nested over ${limit})。`, {
    extensions: { code: 'BAD_REQUEST', reason: 'QUERY_TOO_DEEP', limit, http: { status: 400 } },
  });
}
