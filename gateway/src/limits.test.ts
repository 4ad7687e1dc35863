/**
 * The cost limit against the site's own operations: every page operation of the shell and the
 * remotes, and every REST path, passes with its worst-case variables; the abusive shapes of issue 13
 * are refused. Prints each operation's cost next to the limit.
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  Kind,
  parse,
  print,
  typeFromAST,
  type DocumentNode,
  type OperationDefinitionNode,
} from 'graphql';
import { priceInputs } from '@sumika/server-kit';
import { configFromEnv } from './config.js';
import { costTableOfSupergraph, DEFAULT_LIST_SIZE, priceOperation } from './limits.js';
import { pageOperations } from './testing/documents.js';

const supergraph = readFileSync(configFromEnv({}).supergraphFile, 'utf8');
const schema = buildSchema(supergraph);
const table = costTableOfSupergraph(supergraph);
const { maxCost, maxDepth, maxTokens } = configFromEnv({});

/** The largest values a page sends: page sizes at their caps, one of everything else. */
function worstVariables(doc: DocumentNode): Record<string, unknown> {
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const out: Record<string, unknown> = {};
  for (const def of op?.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type as never);
    const named = type && getNamedType(type);
    if (!named) continue;
    if (def.type.kind === Kind.LIST_TYPE || (def.type.kind === Kind.NON_NULL_TYPE && def.type.type.kind === Kind.LIST_TYPE)) out[name] = [];
    else if (named.name === 'Int') out[name] = name === 'perPage' ? 100 : name === 'limit' ? 50 : 1;
    else if (named.name === 'Float') out[name] = 1;
    else if (named.name === 'Boolean') out[name] = true;
    else if (isEnumType(named)) out[name] = named.getValues()[0]?.name;
    else if (isInputObjectType(named)) out[name] = {};
    else out[name] = 'x';
  }
  return out;
}

const operations = pageOperations();
const priced = operations.map((op) => ({ id: op.id, ...priceOperation(schema, table, op.document, worstVariables(op.document)) }));

describe('query cost limits', () => {
  afterAll(() => {
    const rows = [...priced].sort((a, b) => b.cost - a.cost);
    console.log(
      `cost of every page operation (worst-case variables) vs GRAPHQL_MAX_COST ${maxCost}, depth vs ${maxDepth}:\n` +
        rows.map((r) => `${String(r.cost).padStart(7)}  depth ${String(r.depth).padStart(2)}  ${r.id}`).join('\n'),
    );
  });

  it('finds the operations of the shell, every remote and the REST paths', () => {
    for (const where of ['shell/src/', 'shell/kit/src/', 'mf-search/', 'mf-detail/', 'mf-user/', 'mf-forms/', 'REST ', 'subgraphs/user/']) {
      expect(operations.some((o) => o.id.startsWith(where))).toBe(true);
    }
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(priced.map((p) => [p.id, p]))('%s is within the cost, depth and token limits', (_id, p) => {
    expect(p.cost).toBeLessThanOrEqual(maxCost);
    expect(p.depth).toBeLessThanOrEqual(maxDepth);
    const doc = operations.find((o) => o.id === p.id)!.document;
    expect(() => parse(print(doc), { maxTokens })).not.toThrow();
  });

  it('counts lists without a page-size argument: the nested cities of issue 13 are refused', () => {
    const nested = parse('{ prefecture(path:"tottori") { cities { prefecture { cities { prefecture { cities { prefecture { cities { name } } } } } } } } }');
    const { cost } = priceOperation(schema, table, nested);
    expect(cost).toBeGreaterThan(maxCost * 100);
    // One level is an ordinary area list.
    expect(priceOperation(schema, table, parse('{ prefecture(path:"tottori") { cities { code name bukkenCount } } }')).cost).toBeLessThan(maxCost / 10);
  });

  it('counts every alias: 50 aliases of prefectures { cities } are refused, one is fine', () => {
    const one = 'prefectures { cities { name } }';
    const fifty = parse(`{ ${Array.from({ length: 50 }, (_, i) => `a${i}: ${one}`).join(' ')} }`);
    expect(priceOperation(schema, table, fifty).cost).toBeGreaterThan(maxCost);
    expect(priceOperation(schema, table, parse(`{ ${one} }`)).cost).toBeLessThanOrEqual(maxCost);
  });

  it('counts fragments where they are spread, and prices a fragment bomb at once', () => {
    // f0 spreads f1 ten times, f1 spreads f2 ten times …: 10^8 fields, priced without walking them.
    const levels = 8;
    const spreads = (i: number) => Array.from({ length: 10 }, (_, j) => `a${j}: designatedCities { prefecture { ...f${i + 1} } }`).join(' ');
    const fragments = Array.from({ length: levels }, (_, i) => `fragment f${i} on Prefecture { ${i === levels - 1 ? 'name' : spreads(i)} }`);
    const bomb = parse(`{ prefectures { ...f0 } } ${fragments.join(' ')}`);
    const started = performance.now();
    const { cost } = priceOperation(schema, table, bomb);
    expect(performance.now() - started).toBeLessThan(200);
    expect(cost).toBeGreaterThan(maxCost);
  });

  it('uses slicing arguments and sized fields as declared, and a default for undeclared lists', () => {
    const small = priceOperation(schema, table, parse('{ bukkensByCompany(companyKey: "st000001", perPage: 5) { bukkenList { globalKey } } }')).cost;
    const large = priceOperation(schema, table, parse('{ bukkensByCompany(companyKey: "st000001", perPage: 100) { bukkenList { globalKey } } }')).cost;
    expect(large).toBeGreaterThan(small * 10);
    expect(DEFAULT_LIST_SIZE).toBeGreaterThanOrEqual(100);
  });

  it('prices with the variables as execution coerces them: a variable left out takes its default', () => {
    // The results page's query: `commutes @include(if: $withCommute)` with `$withCommute: Boolean! = false`,
    // sent without the variable by every search that has no commute destination (it was a 400).
    const doc = parse(`query Q($perPage: Int = 5, $withCommute: Boolean! = false) {
      bukkensByCompany(companyKey: "st000001", perPage: $perPage) { bukkenList { globalKey } }
      prefectures @include(if: $withCommute) { cities { code } }
    }`);
    const byDefault = priceOperation(schema, table, doc, {});
    expect(byDefault.cost).toBe(priceOperation(schema, table, doc, { perPage: 5, withCommute: false }).cost);
    expect(priceOperation(schema, table, doc, { withCommute: true }).cost).toBeGreaterThan(byDefault.cost);
    expect(priceOperation(schema, table, doc, { perPage: 100 }).cost).toBeGreaterThan(byDefault.cost * 10);
  });

  it('keeps a price per document and values of the variables it depends on (sizes, conditions), not per id', () => {
    const doc = parse(`query Q($key: String!, $perPage: Int = 5, $withCommute: Boolean! = false) {
      bukkensByCompany(companyKey: $key, perPage: $perPage) { bukkenList { globalKey } }
      prefectures @include(if: $withCommute) { cities { code } }
    }`);
    expect(priceInputs(doc, table)).toEqual(['perPage', 'withCommute']);
    const first = priceOperation(schema, table, doc, { key: 'st000001' });
    expect(priceOperation(schema, table, doc, { key: 'st000002' })).toEqual(first);
    // Kept prices answer for their own values only: another size, a condition, null (not the default).
    expect(priceOperation(schema, table, doc, { key: 'st000001', perPage: 100 }).cost).toBeGreaterThan(first.cost * 10);
    expect(priceOperation(schema, table, doc, { key: 'st000001', withCommute: true }).cost).toBeGreaterThan(first.cost);
    expect(priceOperation(schema, table, doc, { key: 'st000001', perPage: null }).cost).not.toBe(first.cost);
    expect(priceOperation(schema, table, doc, { key: 'st000003' })).toEqual(first);
    // Another operation of the same document is priced on its own.
    const two = parse(`query A { prefectures { code } } query B { prefectures { cities { code } } }`);
    expect(priceOperation(schema, table, two, {}, 'B').cost).toBeGreaterThan(priceOperation(schema, table, two, {}, 'A').cost);
  });
});
