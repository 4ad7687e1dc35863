import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import { MESSAGES } from '../constants.js';
import { openHarness, type Harness } from '../testing/harness.js';

const SAVE = 'mutation($c: [Int]) { createSearchCondition(prefecturePath: "tokyo", cityCodes: $c) { searchCondition { id alertMail } } }';
const SET = 'mutation($id: ID!, $m: String!) { setSearchConditionAlertMail(id: $id, alertMail: $m) { searchCondition { id index alertMail searchPath } } }';
const LIST = '{ user { searchConditions { id alertMail } } }';

type SaveResult = { createSearchCondition: { searchCondition: { id: string; alertMail: string } } };
type SetResult = { setSearchConditionAlertMail: { searchCondition: { id: string; index: number; alertMail: string; searchPath: string } } };
type ListResult = { user: { searchConditions: { id: string; alertMail: string }[] } };

describe.each(testBackends())('alert mail setting of saved searches on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const save = async (uid: string, city: number) => {
    const res = await h.auth.query<SaveResult>(h.app, SAVE, { c: [city] }, uid);
    expect(res.errors).toBeUndefined();
    return res.data!.createSearchCondition.searchCondition;
  };
  const stored = async (id: string) =>
    (await sql<{ alert_mail: string }>`SELECT alert_mail FROM search_condition WHERE id = ${Number(id)}`.execute(h.db)).rows[0]?.alert_mail;

  it('a new saved search mails instantly; each setting is stored with the search and read back', async () => {
    const uid = await h.visitor();
    const older = await save(uid, 13101);
    const newer = await save(uid, 13102);
    expect(newer.alertMail).toBe('instant');
    for (const m of ['off', 'daily', 'instant', 'daily']) {
      const res = await h.auth.query<SetResult>(h.app, SET, { id: older.id, m }, uid);
      expect(res.errors).toBeUndefined();
      expect(res.data!.setSearchConditionAlertMail.searchCondition).toMatchObject({
        id: older.id,
        index: 1,
        alertMail: m,
        searchPath: '/search/tokyo/city/13101',
      });
      expect(await stored(older.id)).toBe(m);
    }
    const list = await h.auth.query<ListResult>(h.app, LIST, {}, uid);
    expect(list.data!.user.searchConditions).toEqual([
      { id: newer.id, alertMail: 'instant' },
      { id: older.id, alertMail: 'daily' },
    ]);
  });

  it('a setting other than off, daily or instant is BAD_REQUEST with a Japanese message, and nothing changes', async () => {
    const uid = await h.visitor();
    const s = await save(uid, 13103);
    for (const m of ['weekly', '', 'OFF', 'instant; DROP TABLE alert']) {
      const res = await h.auth.query(h.app, SET, { id: s.id, m }, uid);
      expect(res.errors?.[0]).toMatchObject({ message: MESSAGES.alertMailInvalid, extensions: { code: 'BAD_REQUEST' } });
    }
    expect(await stored(s.id)).toBe('instant');
  });

  it("another visitor's saved search, an unknown id or a malformed one is NOT_FOUND, and the owner's setting stays", async () => {
    const owner = await h.visitor();
    const other = await h.visitor();
    const s = await save(owner, 13104);
    for (const id of [s.id, '999999999', 'abc', '-1']) {
      const res = await h.auth.query(h.app, SET, { id, m: 'off' }, other);
      expect(res.errors?.[0]).toMatchObject({ message: MESSAGES.searchConditionNotFound, extensions: { code: 'NOT_FOUND' } });
    }
    expect(await stored(s.id)).toBe('instant');
  });
});
