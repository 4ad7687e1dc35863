import { buildSchema, parse, type DocumentNode } from 'graphql';
import { costTableOf, operationCost, priceInputs } from './cost.js';

// A subgraph's entity fetch and a sliced list: the two kinds of size a price reads from variables.
const sdl = `
  scalar _Any
  type E { id: ID }
  type Query {
    _entities(representations: [_Any!]!): [E]!
    items(first: Int, tag: String): [E] @listSize(slicingArguments: ["first"])
  }
`;
const schema = buildSchema(`directive @listSize(slicingArguments: [String!]) on FIELD_DEFINITION ${sdl}`);
const table = costTableOf(parse(sdl));

describe('operationCost, kept per document and what the variables size', () => {
  const entities = parse('query ($r: [_Any!]!) { _entities(representations: $r) { id } }');
  const items = parse('query ($n: Int, $tag: String, $all: Boolean!) { items(first: $n, tag: $tag) @include(if: $all) { id } }');
  const run = (document: DocumentNode | string, variables: Record<string, unknown>) =>
    operationCost({ schema, table, document: typeof document === 'string' ? parse(document) : document, variables, defaultListSize: 100 }).cost;

  it('depends on the sizes and conditions only', () => {
    expect(priceInputs(entities, table)).toEqual(['r']);
    expect(priceInputs(items, table)).toEqual(['all', 'n']);
  });

  it('prices entity fetches by their number of representations, not their contents', () => {
    const two = run(entities, {
      r: [
        { __typename: 'E', id: '1' },
        { __typename: 'E', id: '2' },
      ],
    });
    expect(
      run(entities, {
        r: [
          { __typename: 'E', id: '3' },
          { __typename: 'E', id: '4' },
        ],
      }),
    ).toBe(two);
    expect(
      run(entities, {
        r: [
          { __typename: 'E', id: '5' },
          { __typename: 'E', id: '6' },
          { __typename: 'E', id: '7' },
        ],
      }),
    ).toBeGreaterThan(two);
    expect(run(entities, { r: [{ __typename: 'E', id: '8' }] })).toBeLessThan(two);
  });

  it('answers a kept price for its own sizes and conditions only', () => {
    const ten = run(items, { n: 10, tag: 'a', all: true });
    expect(run(items, { n: 10, tag: 'b', all: true })).toBe(ten);
    expect(run(items, { n: 20, tag: 'a', all: true })).toBeGreaterThan(ten);
    expect(run(items, { n: 10, tag: 'a', all: false })).toBe(0);
    expect(run(items, { tag: 'a', all: true })).toBe(run('{ items { id } }', {}));
    expect(run(items, { n: null, all: true })).toBe(run('{ items(first: null) { id } }', {}));
  });
});
