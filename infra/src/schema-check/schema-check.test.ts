import { checkSubgraphSchema, committedFile, composeCandidate, formatReport, loadInput, readOperations } from './schema-check.js';

// Each case edits the committed search schema as a team would and checks it against the real
// committed supergraph, the other subgraphs as committed and the frontends' operation manifest.
const committed = committedFile('subgraphs/search/schema.graphql') ?? '';

/** `source` (default: the committed search schema) with `from`, which must occur exactly once, replaced by `to`. */
function edited(from: string, to: string, source = committed): string {
  expect(source.split(from)).toHaveLength(2);
  return source.replace(from, to);
}

/**
 * The baseline is the composition of the committed schemas, not the committed supergraph file: these
 * cases test the diff, and compose.test.ts already fails when that file is stale.
 */
const committedComposition = new Map<string, string>();
function inputFor(name: 'search' | 'forms', schema: string) {
  const input = loadInput(name, schema);
  let baseSupergraph = committedComposition.get(name);
  if (!baseSupergraph) {
    const base = composeCandidate({ ...input, schema: committedFile(`subgraphs/${name}/schema.graphql`) ?? '' });
    if (!('supergraphSdl' in base)) throw new Error(base.errors.join('\n'));
    baseSupergraph = base.supergraphSdl;
    committedComposition.set(name, baseSupergraph);
  }
  return { ...input, baseSupergraph };
}

const check = (schema: string) => checkSubgraphSchema(inputFor('search', schema));
const messages = (changes: { message: string }[]) => changes.map((c) => c.message);

describe('schema:check', () => {
  it('passes the committed schema unchanged', async () => {
    const result = await check(committed);
    expect(result.compositionErrors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.brokenOperations).toEqual([]);
  });

  it('fails when a field an operation uses is removed, and names the operation', async () => {
    const result = await check(
      edited(
        '  "Stations whose name, hiragana, katakana or romaji reading starts with the keyword."\n  stationSuggests(keyword: String!, prefecturePath: String): [StationSuggest!]! @listSize(assumedSize: 20)\n',
        '',
      ),
    );
    expect(result.ok).toBe(false);
    expect(messages(result.breaking)).toContain("Field 'stationSuggests' was removed from object type 'Query'");
    expect(result.brokenOperations).toEqual([
      { name: 'CommuteStationSuggests', errors: [expect.stringContaining('Cannot query field "stationSuggests" on type "Query".')] },
    ]);
    expect(formatReport(result)).toMatch(/breaks \(1\):\n\s+- CommuteStationSuggests: Cannot query field "stationSuggests"/);
  });

  it('fails when a field no operation uses is removed (breaking for any other client)', async () => {
    expect(readOperations().filter((o) => o.body.includes('cityLivability'))).toEqual([]);
    const result = await check(edited('  cityLivability(cityCode: Int!): Livability\n', ''));
    expect(result.ok).toBe(false);
    expect(messages(result.breaking)).toEqual(["Field 'cityLivability' was removed from object type 'Query'"]);
    expect(result.brokenOperations).toEqual([]);
  });

  it('passes a new optional argument and a new field', async () => {
    const result = await check(
      edited(
        '  madoriInfo: [Madori!]! @listSize(assumedSize: 15)\n',
        '  madoriInfo(prefecturePath: String): [Madori!]! @listSize(assumedSize: 15)\n  schemaCheckProbe: String\n',
      ),
    );
    expect(result.ok).toBe(true);
    expect(result.breaking).toEqual([]);
    // the inspector calls a new optional argument dangerous (a client's cached answer may differ): reported only
    expect(messages(result.dangerous)).toEqual(["Argument 'prefecturePath: String' added to field 'Query.madoriInfo'"]);
    expect(messages(result.safe)).toContain("Field 'schemaCheckProbe' was added to object type 'Query'");
  });

  it('reports a new enum value as dangerous and passes', async () => {
    const result = await check(edited('  ELEVEN\n}', '  ELEVEN\n  FOUR\n}'));
    expect(result.ok).toBe(true);
    expect(messages(result.dangerous)).toEqual(["Enum value 'FOUR' was added to enum 'RegionGrouping'"]);
    expect(formatReport(result)).toContain('dangerous (reported, not failed) (1):');
  });

  it('fails when an input argument becomes required', async () => {
    const result = await check(
      edited('  institutes(prefecturePath: String, initial: String): [Institute!]!', '  institutes(prefecturePath: String!, initial: String): [Institute!]!'),
    );
    expect(result.ok).toBe(false);
    expect(messages(result.breaking)).toEqual(["Type for argument 'prefecturePath' on field 'Query.institutes' changed from 'String' to 'String!'"]);
  });

  it('fails when an output field becomes nullable', async () => {
    const result = await check(edited('  searchMaster: SearchMaster!\n', '  searchMaster: SearchMaster\n'));
    expect(result.ok).toBe(false);
    expect(messages(result.breaking)).toEqual(["Field 'Query.searchMaster' changed type from 'SearchMaster!' to 'SearchMaster'"]);
  });

  it('fails on a composition error with the composition messages', async () => {
    // bukken owns Query.bukken; a second non-shareable resolver of it does not compose
    const result = await check(edited('  searchMaster: SearchMaster!\n', '  searchMaster: SearchMaster!\n  bukken(globalKey: ID!): Bukken!\n'));
    expect(result.ok).toBe(false);
    expect(result.compositionErrors.join('\n')).toContain('Non-shareable field "Query.bukken" is resolved from multiple subgraphs');
    expect(formatReport(result)).toContain('composition failed');
  });

  it('fails when a change the inspector calls safe makes an operation invalid', async () => {
    // A baseline where two receipts share a nullable `note` and a field returns their interface…
    const forms = committedFile('subgraphs/forms/schema.graphql') ?? '';
    const withNote = (inquiryNote: string) => {
      const edits: [string, string][] = [
        ['type Query {\n', 'type Query {\n  lastReceipt: FormReceipt\n'],
        ['  isApp: Boolean!\n', `  isApp: Boolean!\n  note: ${inquiryNote}\n`],
        ['type ViolationReceipt implements FormReceipt {\n', 'type ViolationReceipt implements FormReceipt {\n  note: String\n'],
      ];
      return edits.reduce((sdl, [from, to]) => edited(from, to, sdl), forms);
    };
    const base = composeCandidate(loadInput('forms', withNote('String')));
    if (!('supergraphSdl' in base)) throw new Error(base.errors.join('\n'));
    const operation = { name: 'LastReceipt', body: 'query LastReceipt { lastReceipt { ... on InquiryReceipt { note } ... on ViolationReceipt { note } } }' };
    // …then one `note` becomes non-null: safe for a client reading that type alone, but the two
    // selections of `note` no longer merge, so the operation stops validating.
    const result = await checkSubgraphSchema({ ...loadInput('forms', withNote('String!')), baseSupergraph: base.supergraphSdl, operations: [operation] });
    expect(result.breaking).toEqual([]);
    expect(messages(result.safe)).toEqual(["Field 'InquiryReceipt.note' changed type from 'String' to 'String!'"]);
    expect(result.ok).toBe(false);
    expect(result.brokenOperations).toEqual([
      { name: 'LastReceipt', errors: [expect.stringContaining('"note" conflict because they return conflicting types "String!" and "String"')] },
    ]);
  });

  it('does not blame the change for an operation the committed supergraph rejects already', async () => {
    const stale = { name: 'Stale', body: 'query Stale { noSuchField }' };
    const result = await checkSubgraphSchema({ ...inputFor('search', committed), operations: [stale] });
    expect(result.ok).toBe(true);
    expect(result.alreadyInvalid).toEqual([{ name: 'Stale', errors: ['Cannot query field "noSuchField" on type "Query".'] }]);
    expect(formatReport(result)).toContain('invalid against the base supergraph already');
  });
});
