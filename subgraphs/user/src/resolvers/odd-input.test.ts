/**
 * Odd but legal input never crashes a resolver or a repository (issue 13): it gives data or a 4xx
 * code, never INTERNAL_SERVER_ERROR. Writes keep the visitor's data consistent.
 */
import { ODD_STRINGS } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { openHarness, type Harness } from '../testing/harness.js';

const ODD_INTS = [-2147483648, -1, 0, 1, 2147483647];
// CONFLICT and OVER_LIMIT are answers of the favorites (SPEC §8), not failures.
const ALLOWED = new Set(['BAD_REQUEST', 'NOT_FOUND', 'CONFLICT', 'OVER_LIMIT']);

describe.each(testBackends())('odd input to the user subgraph on $name', (backend) => {
  let h: Harness;
  let uid: string;

  beforeAll(async () => {
    h = await openHarness(backend);
    uid = await h.visitor();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Every call answers below 500 with data or only 4xx codes; the failures, described. */
  async function failures(query: string, variableSets: Record<string, unknown>[]): Promise<string[]> {
    const out: string[] = [];
    for (const variables of variableSets) {
      const res = await h.auth.inject(h.app, query, variables, uid);
      const body = res.json<{ data?: unknown; errors?: { extensions?: { code?: string } }[] }>();
      const codes = (body.errors ?? []).map((e) => e.extensions?.code ?? 'NONE');
      if (res.statusCode >= 500 || codes.some((c) => !ALLOWED.has(c)) || (body.data == null && codes.length === 0)) {
        out.push(`${res.statusCode} ${codes.join(',')} ${JSON.stringify(variables).slice(0, 80)}`);
      }
    }
    return out;
  }
  const keySets = [{ k: [] }, ...ODD_STRINGS.map((s) => ({ k: [s] })), { k: ODD_STRINGS }];

  it('adds, deletes and records odd keys', async () => {
    expect(await failures(`mutation M($k: [ID!]!) { addFavorites(globalKeys: $k, allowDuplicates: true) { saved } }`, keySets)).toEqual([]);
    expect(await failures(`mutation M($k: [ID!]!) { deleteFavorites(globalKeys: $k) { saved } }`, keySets)).toEqual([]);
    expect(
      await failures(
        `mutation M($k: ID!) { recordHistory(globalKey: $k) { viewedAt } }`,
        ODD_STRINGS.map((k) => ({ k })),
      ),
    ).toEqual([]);
    expect(await failures(`mutation M($k: [ID!]!) { deleteHistories(globalKeys: $k) { deleteGlobalKeys } }`, keySets)).toEqual([]);
    expect(await failures(`mutation M($k: [ID!]!) { startInquiry(globalKeys: $k, listKind: contacted_bukken) { globalKeys } }`, keySets)).toEqual([]);
    expect(
      await failures(
        `mutation M($k: [ID!]!) { markInquiriesSent(globalKeys: $k) { globalKeys } incompleteInquiriesDelete(globalKeys: $k) { success } }`,
        keySets,
      ),
    ).toEqual([]);
    // What the visitor sees afterwards still reads.
    expect(
      await failures(
        `{ user { bukken { favorites { globalKey } histories { globalKey } incompleteInquiries { globalKey } } stockCount { favorite detail search } } }`,
        [{}],
      ),
    ).toEqual([]);
  });

  it('saves searches, records request data and newsletters with odd strings and numbers', async () => {
    const SAVE = `mutation M($p: String, $c: [Int], $s: String, $w: SearchConditionInput) {
      createSearchCondition(prefecturePath: $p, cityCodes: $c, specialName: $s, searchCondition: $w) { saved }
      setLastSearchCondition(prefecturePath: $p, cityCodes: $c, specialName: $s, searchCondition: $w) { searchPath } }`;
    expect(await failures(SAVE, [...ODD_STRINGS.map((w) => ({ w: { word: w, other: [w], buildingTypes: [w] } })), { c: ODD_INTS }, { c: [] }])).toEqual([]);
    expect(
      await failures(`mutation M($i: Int, $id: ID) { deleteSearchCondition(deleteIndex: $i, id: $id) { status } }`, [
        ...ODD_INTS.map((i) => ({ i })),
        ...ODD_STRINGS.map((id) => ({ id })),
      ]),
    ).toEqual([]);
    expect(
      await failures(
        `mutation M($r: String, $g: String) { setRequiredData(refCode: $r, gclid: $g) { lastUpdatedAt } }`,
        ODD_STRINGS.map((s) => ({ r: s, g: s })),
      ),
    ).toEqual([]);
    // The request data the shell records on every page (a user agent, a referer, a path), as sent.
    expect(
      await failures(
        `mutation M($i: RequestInfoInput) { setRequiredData(requestInfo: $i) { lastUpdatedAt } }`,
        ODD_STRINGS.map((s) => ({ i: { userAgent: s, referer: s, path: s } })),
      ),
    ).toEqual([]);
    expect(
      await failures(`mutation M($e: String!, $p: Int) { registerNewsLetterForList(email: $e, reviewPeriod: $p) { reviewPeriod } }`, [
        ...ODD_STRINGS.map((e) => ({ e })),
        ...ODD_INTS.map((p) => ({ e: 'a@example.jp', p })),
      ]),
    ).toEqual([]);
    expect(
      await failures(
        `mutation M($t: String) { stopAllMailMagazine(token: $t) { stopped } }`,
        ODD_STRINGS.map((t) => ({ t })),
      ),
    ).toEqual([]);
    expect(await failures(`mutation M($ids: [ID!]) { markAlertsRead(ids: $ids) { unreadCount } }`, [{ ids: [] }, { ids: ODD_STRINGS }])).toEqual([]);
  });
});
