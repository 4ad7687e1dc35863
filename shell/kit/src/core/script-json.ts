/**
 * JSON safe inside an inline <script> (state, context, JSON-LD): no '<' to close the tag early, and
 * U+2028/2029 escaped. The one escaping of the site's inline JSON.
 */
export const jsonForScript = (v: unknown): string =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
