import { parse } from 'graphql';
import { MAX_SOURCE_NESTING, sourceNesting, tooNested } from './nesting.js';

describe('sourceNesting', () => {
  it('counts selection sets, argument lists, lists and input objects', () => {
    expect(sourceNesting('{ a }')).toBe(1);
    expect(sourceNesting('query Q($x: [[Int]]) { a(b: { c: [1] }) { d } }')).toBe(4);
  });

  it('ignores brackets in strings, block strings and comments', () => {
    expect(sourceNesting('{ a(s: "[[[{{{((") }')).toBe(2);
    expect(sourceNesting('{ a(s: "\\"[[[") }')).toBe(2);
    expect(sourceNesting('{ a(s: """ [[[ \\""" {{{ """) }')).toBe(2);
    expect(sourceNesting('# {{{{{{\n{ a }')).toBe(1);
  });

  it('stops at the first level above the limit on a hostile document', () => {
    const hostile = `{ bukkens(globalKeys: ${'['.repeat(100_000)}"x"${']'.repeat(100_000)}) { globalKey } }`;
    expect(sourceNesting(hostile)).toBe(MAX_SOURCE_NESTING + 1);
  });

  it('lets through every document the parser would nest no deeper than the limit', () => {
    const atLimit = `{ a(b: ${'['.repeat(MAX_SOURCE_NESTING - 2)}1${']'.repeat(MAX_SOURCE_NESTING - 2)}) }`;
    expect(sourceNesting(atLimit)).toBe(MAX_SOURCE_NESTING);
    expect(() => parse(atLimit)).not.toThrow();
  });

  it('answers a 400 with the same reason as the selection depth limit', () => {
    expect(tooNested().extensions).toMatchObject({ code: 'BAD_REQUEST', reason: 'QUERY_TOO_DEEP', http: { status: 400 } });
  });
});
