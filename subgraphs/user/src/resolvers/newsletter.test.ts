import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import { openHarness, type Harness } from '../testing/harness.js';

const STATUS = '{ user { newsLetter { favoriteHistory list reviewPeriod reviewUntil stopped } } }';
type Status = { favoriteHistory: boolean; list: boolean; reviewPeriod: number | null; reviewUntil: string | null; stopped: boolean };

describe.each(testBackends())('newsletters, mail stop and profile on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const status = async (uid: string) => (await h.auth.query<{ user: { newsLetter: Status } }>(h.app, STATUS, {}, uid)).data!.user.newsLetter;
  const token = async (uid: string) =>
    (await sql<{ stop_token: string }>`SELECT stop_token FROM newsletter WHERE uid = ${uid}`.execute(h.db)).rows[0]!.stop_token;

  it('registers each newsletter with a review period and returns it', async () => {
    const uid = await h.visitor();
    const fav = await h.auth.query<{ registerNewsLetterForFavoriteHistory: { reviewPeriod: number; reviewUntil: string } }>(
      h.app,
      'mutation { registerNewsLetterForFavoriteHistory(email: " taro@example.jp ") { reviewPeriod reviewUntil } }',
      {},
      uid,
    );
    expect(fav.errors).toBeUndefined();
    expect(fav.data?.registerNewsLetterForFavoriteHistory.reviewPeriod).toBe(30);
    const days = (Date.parse(fav.data!.registerNewsLetterForFavoriteHistory.reviewUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await status(uid)).toMatchObject({ favoriteHistory: true, list: false, reviewPeriod: 30, stopped: false });

    const list = await h.auth.query<{ registerNewsLetterForList: { reviewPeriod: number } }>(
      h.app,
      'mutation { registerNewsLetterForList(email: "taro@example.jp", reviewPeriod: 90) { reviewPeriod } }',
      {},
      uid,
    );
    expect(list.data?.registerNewsLetterForList.reviewPeriod).toBe(90);
    expect(await status(uid)).toMatchObject({ favoriteHistory: true, list: true, reviewPeriod: 90 });
    const { rows } = await sql<{ email: string }>`SELECT email FROM visitor WHERE uid = ${uid}`.execute(h.db);
    expect(rows[0]?.email).toBe('taro@example.jp');
  });

  it('rejects a malformed address or review period with BAD_REQUEST', async () => {
    const uid = await h.visitor();
    const bad = await h.auth.query(h.app, 'mutation { registerNewsLetterForList(email: "not-an-address") { reviewPeriod } }', {}, uid);
    expect(bad.errors?.[0]).toMatchObject({ message: 'メールアドレスの形式が正しくありません。', extensions: { code: 'BAD_REQUEST' } });
    const period = await h.auth.query(h.app, 'mutation { registerNewsLetterForList(email: "a@example.jp", reviewPeriod: 3) { reviewPeriod } }', {}, uid);
    expect(period.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it("stopAllMailMagazine stops the visitor's own mails; registering again lifts the stop", async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, 'mutation { registerNewsLetterForList(email: "b@example.jp") { reviewPeriod } }', {}, uid);
    const stop = await h.auth.query<{ stopAllMailMagazine: { stopped: boolean } }>(h.app, 'mutation { stopAllMailMagazine { stopped } }', {}, uid);
    expect(stop.data?.stopAllMailMagazine.stopped).toBe(true);
    expect(await status(uid)).toMatchObject({ favoriteHistory: false, list: false, stopped: true });
    await h.auth.query(h.app, 'mutation { registerNewsLetterForFavoriteHistory(email: "b@example.jp") { reviewPeriod } }', {}, uid);
    expect(await status(uid)).toMatchObject({ favoriteHistory: true, list: false, stopped: false });
  });

  it("the stop link's token works without the visitor's cookie, and only for its holder", async () => {
    const a = await h.visitor();
    const b = await h.visitor();
    await h.auth.query(h.app, 'mutation { registerNewsLetterForList(email: "a@example.jp") { reviewPeriod } }', {}, a);
    await h.auth.query(h.app, 'mutation { registerNewsLetterForList(email: "b@example.jp") { reviewPeriod } }', {}, b);
    const res = await h.auth.query<{ stopAllMailMagazine: { stopped: boolean } }>(
      h.app,
      'mutation($t: String) { stopAllMailMagazine(token: $t) { stopped } }',
      { t: await token(a) },
    );
    expect(res.data?.stopAllMailMagazine.stopped).toBe(true);
    expect((await status(a)).stopped).toBe(true);
    expect((await status(b)).stopped).toBe(false);
    const unknown = await h.auth.query<{ stopAllMailMagazine: { stopped: boolean } }>(
      h.app,
      'mutation { stopAllMailMagazine(token: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") { stopped } }',
    );
    expect(unknown.data?.stopAllMailMagazine.stopped).toBe(false);
    const junk = await h.auth.query(h.app, 'mutation { stopAllMailMagazine(token: "x\'; --") { stopped } }');
    expect(junk.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('setRequiredData records ref code (traffic source), gclid, request info and visits, without moving lastUpdatedAt', async () => {
    const uid = await h.visitor();
    const before = (await h.auth.query<{ user: { lastUpdatedAt: string } }>(h.app, '{ user { lastUpdatedAt } }', {}, uid)).data!.user.lastUpdatedAt;
    const SET = `mutation($info: RequestInfoInput, $ref: String, $gclid: String, $user: UserInput) {
      setRequiredData(requestInfo: $info, refCode: $ref, gclid: $gclid, user: $user) { trafficSource lastUpdatedAt recommendType } }`;
    const res = await h.auth.query<{ setRequiredData: { trafficSource: string; lastUpdatedAt: string } }>(
      h.app,
      SET,
      {
        info: {
          userAgent: 'Mozilla/5.0 (iPhone)',
          referer: 'https://www.google.com/',
          path: '/search/tokyo/city/13101',
          isSpView: true,
          isIphone: true,
          isExternalReferrer: true,
        },
        ref: 'lis_ad_google',
        gclid: 'Cj0KCQ',
      },
      uid,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.setRequiredData).toMatchObject({ trafficSource: 'lis_ad', lastUpdatedAt: before });
    await h.auth.query(h.app, SET, { ref: 'mail_20261101' }, uid);
    await h.auth.query(h.app, SET, { info: { path: '/favorite' } }, uid);
    const { rows } = await sql<{ ref_code: string; first_ref_code: string; gclid: string; request_info: { path: string }; visit_count: number }>`
      SELECT ref_code, first_ref_code, gclid, request_info, visit_count FROM visitor WHERE uid = ${uid}`.execute(h.db);
    expect(rows[0]).toEqual({
      ref_code: 'mail_20261101',
      first_ref_code: 'lis_ad_google',
      gclid: 'Cj0KCQ',
      request_info: { path: '/favorite' },
      visit_count: 1,
    });
    // A page request after a long quiet counts as a new visit.
    await sql`UPDATE visitor SET last_visited_at = now() - interval '2 hours' WHERE uid = ${uid}`.execute(h.db);
    await h.auth.query(h.app, SET, {}, uid);
    const again = await sql<{ visit_count: number }>`SELECT visit_count FROM visitor WHERE uid = ${uid}`.execute(h.db);
    expect(again.rows[0]?.visit_count).toBe(2);
    expect((await h.auth.query(h.app, SET, { ref: 'x'.repeat(101) }, uid)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('setUser changes only what it is given', async () => {
    const uid = await h.visitor();
    const SET = 'mutation($u: UserInput!) { setUser(user: $u) { recommendType } }';
    expect(
      (await h.auth.query<{ setUser: { recommendType: string } }>(h.app, SET, { u: { recommendType: 'FAVORITE', email: 'c@example.jp' } }, uid)).data?.setUser
        .recommendType,
    ).toBe('FAVORITE');
    expect((await h.auth.query<{ setUser: { recommendType: string } }>(h.app, SET, { u: { email: null } }, uid)).data?.setUser.recommendType).toBe('FAVORITE');
    const { rows } = await sql<{ email: string | null }>`SELECT email FROM visitor WHERE uid = ${uid}`.execute(h.db);
    expect(rows[0]?.email).toBeNull();
    expect((await h.auth.query(h.app, SET, { u: { email: 'bad' } }, uid)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});
