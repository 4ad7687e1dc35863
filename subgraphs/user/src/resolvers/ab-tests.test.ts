import { sql } from 'kysely';
import { Random } from '@sumika/domain';
import { testBackends } from '@sumika/storage-kit/testing';
import { AB_TESTS } from '../domain/ab-tests.js';
import { openHarness, type Harness } from '../testing/harness.js';

const AB = '{ abTests { name value forced } }';
const SET = 'mutation($in: [AbTestInput!]!, $force: Boolean) { setAbTests(inputs: $in, force: $force) { name value forced } }';

type AbView = { name: string; value: string; forced: boolean };

const cookiesOf = (header: string | string[] | undefined): string[] => (Array.isArray(header) ? header : header ? [header] : []);

describe.each(testBackends())('A/B tests on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    const random = new Random(7);
    h = await openHarness(backend, { random: () => random.next() });
  });
  afterAll(async () => {
    await h.close();
  });

  const stored = async (uid: string) =>
    (await sql<{ name: string; value: string; forced: boolean }>`SELECT name, value, forced FROM ab_assignment WHERE uid = ${uid} ORDER BY name`.execute(h.db))
      .rows;

  it('assigns a variant per test and sets {name}_for_ga_session (Max-Age 1800, Path=/, SameSite=Lax)', async () => {
    const uid = await h.visitor();
    const res = await h.auth.inject(h.app, AB, {}, uid);
    const body = res.json<{ data: { abTests: AbView[] } }>();
    expect(body.data.abTests.map((t) => t.name)).toEqual(AB_TESTS.map((t) => t.name));
    for (const t of body.data.abTests) {
      expect(AB_TESTS.find((d) => d.name === t.name)?.variants.map((v) => v.value)).toContain(t.value);
      expect(t.forced).toBe(false);
    }
    expect(cookiesOf(res.headers['set-cookie']).sort()).toEqual(
      body.data.abTests.map((t) => `${t.name}_for_ga_session=${t.value}; Max-Age=1800; Path=/; SameSite=Lax`).sort(),
    );
    // Saved for analytics.
    expect(await stored(uid)).toEqual(
      body.data.abTests.map((t) => ({ name: t.name, value: t.value, forced: false })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it("keeps the variant of the visitor's cookie for the session, and refreshes the cookie", async () => {
    const uid = await h.visitor();
    const cookie = 'leave_popup_for_ga_session=line; favorite_feedback_for_ga_session=toast; result_card_for_ga_session=bogus';
    for (let i = 0; i < 5; i++) {
      const res = await h.auth.inject(h.app, AB, {}, uid, { cookie });
      const tests = res.json<{ data: { abTests: AbView[] } }>().data.abTests;
      expect(tests.find((t) => t.name === 'leave_popup')?.value).toBe('line');
      expect(tests.find((t) => t.name === 'favorite_feedback')?.value).toBe('toast');
      expect(['default', 'large_image']).toContain(tests.find((t) => t.name === 'result_card')?.value); // unknown value: drawn again
      expect(cookiesOf(res.headers['set-cookie'])).toContain('leave_popup_for_ga_session=line; Max-Age=1800; Path=/; SameSite=Lax');
    }
  });

  it("answers the same variants on the visitor's record, with the page request recorded in the same call (the shell's one call per page)", async () => {
    const uid = await h.visitor();
    const cookie = 'leave_popup_for_ga_session=line';
    const visit = await h.auth.inject(
      h.app,
      'mutation { setRequiredData(requestInfo: { path: "/" }) { stockCount { favorite } abTests { name value forced } } }',
      {},
      uid,
      { cookie },
    );
    const viaUser = visit.json<{ data: { setRequiredData: { abTests: AbView[] } } }>().data.setRequiredData.abTests;
    expect(viaUser.find((t) => t.name === 'leave_popup')?.value).toBe('line');
    expect(cookiesOf(visit.headers['set-cookie'])).toContain('leave_popup_for_ga_session=line; Max-Age=1800; Path=/; SameSite=Lax');
    const viaQuery = (await h.auth.inject(h.app, AB, {}, uid, { cookie })).json<{ data: { abTests: AbView[] } }>().data.abTests;
    expect(viaUser).toEqual(viaQuery);
    expect(await stored(uid)).toEqual(viaUser.map((t) => ({ name: t.name, value: t.value, forced: false })).sort((a, b) => a.name.localeCompare(b.name)));
  });

  it("a returning visitor's page visit reads the stored variants with the request's one statement; a forced one still wins", async () => {
    const uid = await h.visitor();
    const VISIT = 'mutation { setRequiredData(requestInfo: { path: "/" }) { abTests { name value forced } } }';
    const first = (await h.auth.inject(h.app, VISIT, {}, uid)).json<{ data: { setRequiredData: { abTests: AbView[] } } }>().data.setRequiredData.abTests;
    const cookie = first.map((t) => `${t.name}_for_ga_session=${t.value}`).join('; ');
    h.log.clear();
    const again = await h.auth.inject(h.app, VISIT, {}, uid, { cookie });
    expect(again.json<{ data: { setRequiredData: { abTests: AbView[] } } }>().data.setRequiredData.abTests).toEqual(first);
    expect(h.log.statements).toHaveLength(1); // the visit's UPDATE … RETURNING: nothing read again, nothing to save
    // An admin's force, stored meanwhile, is what the next visit answers (read by that visit's statement).
    await sql`UPDATE visitor SET admin = true WHERE uid = ${uid}`.execute(h.db);
    const other = AB_TESTS[0]!.variants.map((v) => v.value).find((v) => v !== first[0]!.value)!;
    await h.auth.query(h.app, SET, { in: [{ name: AB_TESTS[0]!.name, value: other }], force: true }, uid);
    const forced = (await h.auth.inject(h.app, VISIT, {}, uid, { cookie })).json<{ data: { setRequiredData: { abTests: AbView[] } } }>().data.setRequiredData
      .abTests;
    expect(forced[0]).toEqual({ name: AB_TESTS[0]!.name, value: other, forced: true });
  });

  it('draws variants by weight across many visitors (seeded)', async () => {
    const counts = new Map<string, number>();
    const n = 400;
    for (let i = 0; i < n; i++) {
      const uid = await h.visitor();
      const tests = (await h.auth.query<{ abTests: AbView[] }>(h.app, AB, {}, uid)).data!.abTests;
      for (const t of tests) counts.set(`${t.name}=${t.value}`, (counts.get(`${t.name}=${t.value}`) ?? 0) + 1);
    }
    for (const test of AB_TESTS) {
      const total = test.variants.reduce((s, v) => s + v.weight, 0);
      for (const v of test.variants) {
        const share = (counts.get(`${test.name}=${v.value}`) ?? 0) / n;
        // 400 draws: a binomial share is within ±0.1 of its weight far beyond 3 sigma.
        expect({ [`${test.name}=${v.value}`]: Math.abs(share - v.weight / total) < 0.1 }).toEqual({ [`${test.name}=${v.value}`]: true });
      }
    }
  });

  it('setAbTests saves the given assignments and sets their cookies; unknown tests or values are BAD_REQUEST', async () => {
    const uid = await h.visitor();
    const res = await h.auth.inject(h.app, SET, { in: [{ name: 'result_card', value: 'large_image' }] }, uid);
    expect(res.json<{ data: { setAbTests: AbView[] } }>().data.setAbTests).toEqual([{ name: 'result_card', value: 'large_image', forced: false }]);
    expect(cookiesOf(res.headers['set-cookie'])).toEqual(['result_card_for_ga_session=large_image; Max-Age=1800; Path=/; SameSite=Lax']);
    expect(await stored(uid)).toEqual([{ name: 'result_card', value: 'large_image', forced: false }]);
    for (const input of [
      { name: 'nope', value: 'x' },
      { name: 'result_card', value: 'huge' },
    ]) {
      expect((await h.auth.query(h.app, SET, { in: [input] }, uid)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    }
  });

  it('only an admin can force a variant; the forced variant wins over cookies until the admin sets a plain one', async () => {
    const visitor = await h.visitor();
    const denied = await h.auth.query(h.app, SET, { in: [{ name: 'leave_popup', value: 'line' }], force: true }, visitor);
    expect(denied.errors?.[0]).toMatchObject({ message: 'この操作は管理者のみ実行できます。', extensions: { code: 'BAD_REQUEST' } });
    expect(await stored(visitor)).toEqual([]);

    const admin = await h.visitor();
    await sql`UPDATE visitor SET admin = true WHERE uid = ${admin}`.execute(h.db);
    const forced = await h.auth.query<{ setAbTests: AbView[] }>(h.app, SET, { in: [{ name: 'leave_popup', value: 'line' }], force: true }, admin);
    expect(forced.data?.setAbTests).toEqual([{ name: 'leave_popup', value: 'line', forced: true }]);
    const read = await h.auth.inject(h.app, AB, {}, admin, { cookie: 'leave_popup_for_ga_session=app' });
    expect(read.json<{ data: { abTests: AbView[] } }>().data.abTests.find((t) => t.name === 'leave_popup')).toEqual({
      name: 'leave_popup',
      value: 'line',
      forced: true,
    });
    expect(cookiesOf(read.headers['set-cookie'])).toContain('leave_popup_for_ga_session=line; Max-Age=1800; Path=/; SameSite=Lax');
    expect(
      (await h.auth.query<{ requiredUserData: { admin: boolean } }>(h.app, '{ requiredUserData { admin } }', {}, admin)).data?.requiredUserData.admin,
    ).toBe(true);

    const released = await h.auth.query<{ setAbTests: AbView[] }>(h.app, SET, { in: [{ name: 'leave_popup', value: 'app' }] }, admin);
    expect(released.data?.setAbTests).toEqual([{ name: 'leave_popup', value: 'app', forced: false }]);
    const after = await h.auth.query<{ abTests: AbView[] }>(h.app, AB, {}, admin);
    expect(after.data?.abTests.find((t) => t.name === 'leave_popup')?.forced).toBe(false);
  });

  it('save failures are silently ignored (SPEC §4): the variants still come back with their cookies', async () => {
    const uid = await h.visitor();
    await sql`ALTER TABLE ab_assignment RENAME TO ab_assignment_away`.execute(h.db);
    try {
      const set = await h.auth.inject(h.app, SET, { in: [{ name: 'favorite_feedback', value: 'toast' }] }, uid);
      expect(set.json<{ data: { setAbTests: AbView[] }; errors?: unknown }>()).toEqual({
        data: { setAbTests: [{ name: 'favorite_feedback', value: 'toast', forced: false }] },
      });
      expect(cookiesOf(set.headers['set-cookie'])).toEqual(['favorite_feedback_for_ga_session=toast; Max-Age=1800; Path=/; SameSite=Lax']);
      const read = await h.auth.query<{ abTests: AbView[] }>(h.app, AB, {}, uid);
      expect(read.errors).toBeUndefined();
      expect(read.data?.abTests).toHaveLength(AB_TESTS.length);
    } finally {
      await sql`ALTER TABLE ab_assignment_away RENAME TO ab_assignment`.execute(h.db);
    }
  });

  it('abTestDefinitions lists every test with variants and weights', async () => {
    const res = await h.auth.query<{ abTestDefinitions: unknown[] }>(h.app, '{ abTestDefinitions { name description variants { value weight } } }');
    expect(res.data?.abTestDefinitions).toEqual(AB_TESTS.map((t) => ({ name: t.name, description: t.description, variants: t.variants })));
  });
});
