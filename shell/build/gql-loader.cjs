// webpack loader: parses every gql`…` template at build time, so browsers download neither the
// GraphQL parser (~8 KB gzip) nor spend time parsing documents on hydration. Each tag becomes the
// parsed document (no locations, as Apollo needs none); interpolations (fragment documents) are
// appended with fragments deduplicated by name, as graphql-tag does at run time. A template that
// does not parse with its interpolations left out (a string spliced into a selection set) fails
// the build with the file and the parser's message.
const { parse } = require('graphql');

const TAG = /\bgql`([^`]*)`/g;
const INTERPOLATION = /\$\{([^}]*)\}/g;
// (a string opens a document whose first operation or fragment has a description)
const DOCUMENT_START = /^\s*(query|mutation|subscription|fragment|\{|#|")/;
const HELPER = '__sumikaGqlDocument';
const helperSource = `function ${HELPER}(doc, parts) {
  const seen = new Set();
  const definitions = [];
  for (const d of [doc, ...parts]) {
    for (const def of d.definitions) {
      if (def.kind === 'FragmentDefinition') {
        if (seen.has(def.name.value)) continue;
        seen.add(def.name.value);
      }
      definitions.push(def);
    }
  }
  return { kind: 'Document', definitions };
}
`;

/** Drops `loc` from every node: the JSON stays small and no source text is shipped twice. */
function stripLocations(node) {
  if (Array.isArray(node)) return node.map(stripLocations);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'loc') out[k] = stripLocations(v);
  return out;
}

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function gqlLoader(source) {
  if (!source.includes('gql`')) return source;
  let used = false;
  const out = source.replace(TAG, (match, body) => {
    // gql`…` in a comment or a string is not a document
    if (!DOCUMENT_START.test(body)) return match;
    const parts = [];
    const text = body.replace(INTERPOLATION, (_m, expr) => {
      parts.push(expr.trim());
      return '';
    });
    let doc;
    try {
      doc = stripLocations(parse(text, { noLocation: true }));
    } catch (error) {
      throw new Error(`gql-loader: ${this.resourcePath}: ${error.message}`);
    }
    used = true;
    const json = JSON.stringify(doc);
    // Keep the line count so later lines keep their numbers in stack traces and source maps.
    const lines = '\n'.repeat((body.match(/\n/g) ?? []).length);
    return parts.length === 0 ? `(${json}${lines})` : `${HELPER}(${json}, [${parts.join(', ')}]${lines})`;
  });
  return used && out.includes(HELPER) ? `${out}\n${helperSource}` : out;
};
