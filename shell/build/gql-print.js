// graphql's `print` for the browser builds (remote-webpack.js `browserPlugins()` puts this module in
// place of graphql/language/printer.mjs): Apollo prints each document it sends, and graphql's
// printer (line wrapping, indentation, block strings) costs 1.9 KB gzip more. This one prints
// executable documents on one line with the least whitespace; the server parses the same document.
// Strings are JSON-escaped, which is valid GraphQL (block strings go out as ordinary strings: the
// same value). A type-system node throws: browsers never print schemas.

const list = (nodes, separator) => (nodes ?? []).map(print).join(separator);
const wrap = (before, inner, after = '') => (inner ? before + inner + after : '');
const args = (nodes) => wrap('(', list(nodes, ','), ')');
const directives = (nodes) => list(nodes, '');
const optional = (node) => (node ? print(node) : '');
const pair = ({ name, value }) => `${name.value}:${print(value)}`;
const text = (node) => node.value;

const printers = {
  __proto__: null,
  Document: (node) => list(node.definitions, ''),
  OperationDefinition: (node) =>
    optional(node.description) +
    node.operation +
    wrap(' ', node.name?.value) +
    wrap('(', list(node.variableDefinitions, ','), ')') +
    directives(node.directives) +
    print(node.selectionSet),
  VariableDefinition: (node) =>
    optional(node.description) +
    print(node.variable) +
    ':' +
    print(node.type) +
    wrap('=', node.defaultValue && print(node.defaultValue)) +
    directives(node.directives),
  // (variables of a fragment: graphql's legacy, experimental syntax, printed as graphql does)
  FragmentDefinition: (node) =>
    `${optional(node.description)}fragment ${node.name.value}${wrap('(', list(node.variableDefinitions, ','), ')')} on ${node.typeCondition.name.value}` +
    directives(node.directives) +
    print(node.selectionSet),
  SelectionSet: (node) => `{${list(node.selections, ' ')}}`,
  Field: (node) => wrap('', node.alias?.value, ':') + node.name.value + args(node.arguments) + directives(node.directives) + optional(node.selectionSet),
  FragmentSpread: (node) => `...${node.name.value}${directives(node.directives)}`,
  InlineFragment: (node) => '...' + wrap('on ', node.typeCondition?.name.value) + directives(node.directives) + print(node.selectionSet),
  Argument: pair,
  Directive: (node) => `@${node.name.value}${args(node.arguments)}`,
  Name: text,
  Variable: (node) => `$${node.name.value}`,
  IntValue: text,
  FloatValue: text,
  EnumValue: text,
  StringValue: (node) => JSON.stringify(node.value),
  BooleanValue: (node) => String(node.value),
  NullValue: () => 'null',
  ListValue: (node) => `[${list(node.values, ',')}]`,
  ObjectValue: (node) => `{${list(node.fields, ',')}}`,
  ObjectField: pair,
  NamedType: (node) => node.name.value,
  ListType: (node) => `[${print(node.type)}]`,
  NonNullType: (node) => `${print(node.type)}!`,
};

/** An executable document or any node of one as compact GraphQL. */
export function print(node) {
  const printer = printers[node?.kind];
  if (!printer) throw new Error(`gql-print: cannot print a ${node?.kind} node (the browser builds print executable documents only)`);
  return printer(node);
}

/** graphql's printer exports this too (its errors print values with it). */
export const printForError = print;
