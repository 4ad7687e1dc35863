import { testBackends } from '@sumika/storage-kit/testing';
import { INCOMPLETE_INQUIRY_LIMIT } from '../constants.js';
import { keys, openHarness, type Harness } from '../testing/harness.js';

const START =
  'mutation($k: [ID!]!, $kind: InquiryListKind!) { startInquiry(globalKeys: $k, listKind: $kind) { globalKeys incompleteInquiries { globalKey listKind startedAt } } }';
const SENT = 'mutation($k: [ID!]!) { markInquiriesSent(globalKeys: $k) { globalKeys existApplyData } }';
const DELETE = 'mutation($k: [ID!]!) { incompleteInquiriesDelete(globalKeys: $k) { success notFound } }';
const STATE = `{ user { existApplyData bukken { incompleteInquiries { globalKey listKind bukken { globalKey } } histories { globalKey kind } } } }`;

type State = {
  user: {
    existApplyData: boolean;
    bukken: { incompleteInquiries: { globalKey: string; listKind: string }[]; histories: { globalKey: string; kind: string }[] };
  };
};

describe.each(testBackends())('incomplete inquiries on $name', (backend) => {
  let h: Harness;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const state = async (uid: string) => (await h.auth.query<State>(h.app, STATE, {}, uid)).data!.user;

  it('start → incomplete (history viewed_incompleted) → sent (history applied, existApplyData)', async () => {
    const uid = await h.visitor();
    const started = await h.auth.query<{ startInquiry: { globalKeys: string[]; incompleteInquiries: { globalKey: string; listKind: string }[] } }>(
      h.app,
      START,
      { k: ['bk000000001', 'bk000000002'], kind: 'favorite_bukken' },
      uid,
    );
    expect(started.errors).toBeUndefined();
    expect(started.data?.startInquiry.incompleteInquiries.map((i) => [i.globalKey, i.listKind]).sort()).toEqual([
      ['bk000000001', 'favorite_bukken'],
      ['bk000000002', 'favorite_bukken'],
    ]);
    let s = await state(uid);
    expect(s.existApplyData).toBe(false);
    expect(s.bukken.histories.map((x) => x.kind)).toEqual(['viewed_incompleted', 'viewed_incompleted']);

    const sent = await h.auth.query<{ markInquiriesSent: { existApplyData: boolean } }>(h.app, SENT, { k: ['bk000000001'] }, uid);
    expect(sent.data?.markInquiriesSent.existApplyData).toBe(true);
    s = await state(uid);
    expect(s.existApplyData).toBe(true);
    expect(s.bukken.incompleteInquiries.map((i) => i.globalKey)).toEqual(['bk000000002']);
    expect(s.bukken.histories.find((x) => x.globalKey === 'bk000000001')?.kind).toBe('applied');
    expect(s.bukken.histories[0]?.globalKey).toBe('bk000000001'); // touched last
  });

  it('a later start on the same listing moves it to the top with its new list kind', async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, START, { k: ['bk000000001'], kind: 'building_page_bukken' }, uid);
    await h.auth.query(h.app, START, { k: ['bk000000002'], kind: 'building_page_bukken' }, uid);
    await h.auth.query(h.app, START, { k: ['bk000000001'], kind: 'contacted_bukken' }, uid);
    const s = await state(uid);
    expect(s.bukken.incompleteInquiries.map((i) => [i.globalKey, i.listKind])).toEqual([
      ['bk000000001', 'contacted_bukken'],
      ['bk000000002', 'building_page_bukken'],
    ]);
  });

  it('incompleteInquiriesDelete deletes found keys and names the rest notFound', async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, START, { k: ['bk000000001', 'bk000000002'], kind: 'building_page_bukken' }, uid);
    const ok = await h.auth.query<{ incompleteInquiriesDelete: { success: boolean; notFound: string[] } }>(h.app, DELETE, { k: ['bk000000001'] }, uid);
    expect(ok.data?.incompleteInquiriesDelete).toEqual({ success: true, notFound: [] });
    const partly = await h.auth.query<{ incompleteInquiriesDelete: { success: boolean; notFound: string[] } }>(
      h.app,
      DELETE,
      { k: ['bk000000002', 'bk000000001', 'bk000000009'] },
      uid,
    );
    expect(partly.data?.incompleteInquiriesDelete).toEqual({ success: false, notFound: ['bk000000001', 'bk000000009'] });
    expect((await state(uid)).bukken.incompleteInquiries).toEqual([]);
    expect((await h.auth.query(h.app, DELETE, { k: [] }, uid)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('a sent inquiry stays applied data after its later incomplete restart is deleted', async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, SENT, { k: ['bk000000001'] }, uid);
    await h.auth.query(h.app, START, { k: ['bk000000001'], kind: 'contacted_bukken' }, uid);
    await h.auth.query(h.app, DELETE, { k: ['bk000000001'] }, uid);
    expect((await state(uid)).existApplyData).toBe(true);
  });

  it(`keeps at most ${INCOMPLETE_INQUIRY_LIMIT} incomplete inquiries, the newest`, async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, START, { k: keys(30, 1), kind: 'favorite_bukken' }, uid);
    await h.auth.query(h.app, START, { k: keys(30, 100), kind: 'favorite_bukken' }, uid);
    const s = await state(uid);
    expect(s.bukken.incompleteInquiries).toHaveLength(INCOMPLETE_INQUIRY_LIMIT);
    expect(s.bukken.incompleteInquiries.map((i) => i.globalKey)).toEqual(expect.arrayContaining(keys(30, 100)));
  });

  it('listKind must be one of SPEC §3 kinds', async () => {
    const uid = await h.visitor();
    expect((await h.auth.query(h.app, START, { k: ['bk000000001'], kind: 'elsewhere' }, uid)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});
