import { testBackends } from '@sumika/storage-kit/testing';
import { APPLY_MESSAGES } from '../forms/apply.js';
import { MESSAGES } from '../validation/fields.js';
import { CREATE_APPLY, CREATE_CASHBACK, validApply, validCashback, XSS_IMG, XSS_SCRIPT } from '../testing/fixtures.js';
import { openHarness, visitor, type Harness } from '../testing/harness.js';

interface ApplyReceipt {
  id: string;
  receiptNumber: string;
  receivedAt: string;
  email: string;
  listKind: string;
  globalKeys: string[];
  bukkens: { globalKey: string }[];
  summary: { label: string; value: string }[];
  cashbackCampaign: { amountText: string; limited: boolean };
}

interface CashbackReceipt {
  id: string;
  receiptNumber: string;
  receivedAt: string;
  amountText: string;
  maxAmount: number;
  summary: { label: string; value: string }[];
}

describe.each(testBackends())('apply and cashback on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const row = (id: string) => h.database.db.selectFrom('submission').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
  const mails = (id: string) => h.database.db.selectFrom('outbox').selectAll().where('submission_id', '=', Number(id)).orderBy('id').execute();

  it('createApply stores the inquiry about the listings and answers what the completed page needs', async () => {
    const input = { ...validApply(), globalKeys: ['bk000004567', 'bk000000123', 'bk000004567'], kana: 'たなか みさき', freeText: `${XSS_SCRIPT}\n${XSS_IMG}` };
    const res = await h.auth.query<{ createApply: ApplyReceipt }>(h.app, CREATE_APPLY, { input }, visitor('uid-apply'));
    expect(res.errors).toBeUndefined();
    const r = res.data?.createApply as ApplyReceipt;
    expect(r.receiptNumber).toMatch(/^AP-20250602-[0-9A-Z]{6}$/);
    expect(r).toMatchObject({
      email: 'misaki.tanaka@example.jp',
      listKind: 'favorite_bukken',
      globalKeys: ['bk000004567', 'bk000000123'],
      bukkens: [{ globalKey: 'bk000004567' }, { globalKey: 'bk000000123' }],
      cashbackCampaign: { amountText: '最大50,000円', limited: false },
    });
    expect(r.summary).toContainEqual({ label: 'フリガナ', value: 'タナカ ミサキ' });
    expect(r.summary).toContainEqual({ label: 'ご質問・ご要望', value: '最新の空室状況を知りたい\n実際に見学したい' });
    expect(r.summary).toContainEqual({ label: 'その他のご質問・ご要望', value: `${XSS_SCRIPT}\n${XSS_IMG}` });
    const stored = await row(r.id);
    expect(stored).toMatchObject({ kind: 'apply', uid: 'uid-apply' });
    expect(stored.payload).toMatchObject({
      globalKeys: ['bk000004567', 'bk000000123'],
      kana: 'タナカ ミサキ',
      contactMethod: 'any',
      requests: ['vacancy', 'viewing'],
      freeText: `${XSS_SCRIPT}\n${XSS_IMG}`,
    });
    const [confirmation, notification] = await mails(r.id);
    expect(confirmation?.body).toContain('不動産会社より、ご希望の連絡方法で直接ご連絡いたします。');
    expect(confirmation?.html).toContain('&lt;script&gt;');
    expect(confirmation?.html).not.toContain(XSS_SCRIPT);
    expect(notification).toMatchObject({ recipient: 'apply@sumika.example', reply_to: 'misaki.tanaka@example.jp' });
    expect(notification?.body).toContain('bk000004567\n  bk000000123');
  });

  it('createApply reports each bad field', async () => {
    const input = { ...validApply(), globalKeys: ['bk1'], contactMethod: 'phone', phone: null, email: 'x@y' };
    const res = await h.auth.query(h.app, CREATE_APPLY, { input }, visitor());
    expect(res.errors?.[0]?.extensions).toEqual({
      code: 'BAD_REQUEST',
      fields: { globalKeys: APPLY_MESSAGES.badKey, email: MESSAGES.email, phone: APPLY_MESSAGES.phoneNeeded },
    });
  });

  it('createApply refuses an unknown list kind at the GraphQL layer with BAD_REQUEST', async () => {
    const res = await h.auth.query(h.app, CREATE_APPLY, { input: { ...validApply(), listKind: 'history_bukken' } }, visitor());
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('createCashbackApplication records the amount in force: 最大50,000円 just before the campaign, 最大60,000円 from its first instant', async () => {
    const input = { ...validCashback(), contractDate: '2024-10-01', moveInDate: '2024-10-05' };
    h.clock.now = new Date('2024-10-03T14:59:59.999+09:00');
    const before = await h.auth.query<{ createCashbackApplication: CashbackReceipt }>(h.app, CREATE_CASHBACK, { input }, visitor('uid-cb-1'));
    h.clock.now = new Date('2024-10-03T15:00:00+09:00');
    const during = await h.auth.query<{ createCashbackApplication: CashbackReceipt }>(h.app, CREATE_CASHBACK, { input }, visitor('uid-cb-2'));
    h.clock.now = new Date('2024-10-17T15:00:00+09:00');
    const after = await h.auth.query<{ createCashbackApplication: CashbackReceipt }>(
      h.app,
      CREATE_CASHBACK,
      { input: { ...input, moveInDate: '2024-10-16' } },
      visitor('uid-cb-3'),
    );
    h.clock.now = new Date('2025-06-02T10:00:00+09:00');
    for (const res of [before, during, after]) expect(res.errors).toBeUndefined();
    const b = before.data?.createCashbackApplication as CashbackReceipt;
    const d = during.data?.createCashbackApplication as CashbackReceipt;
    const a = after.data?.createCashbackApplication as CashbackReceipt;
    expect([b.amountText, d.amountText, a.amountText]).toEqual(['最大50,000円', '最大60,000円', '最大50,000円']);
    expect([b.maxAmount, d.maxAmount, a.maxAmount]).toEqual([50_000, 60_000, 50_000]);
    expect(b.receivedAt).toBe('2024-10-03T14:59:59+09:00');
    expect(d.receiptNumber).toMatch(/^CB-20241003-/);
    expect((await row(d.id)).payload).toMatchObject({
      amountText: '最大60,000円',
      maxAmount: 60_000,
      limitedCampaign: true,
      postalCode: '150-0002',
      rent: 85_000,
    });
    expect((await row(b.id)).payload).toMatchObject({ amountText: '最大50,000円', limitedCampaign: false });
    expect(d.summary).toContainEqual({ label: 'ご住所', value: '〒150-0002 東京都渋谷区渋谷2-1-1 サンシャイン渋谷203' });
    expect(d.summary).toContainEqual({ label: '月額賃料', value: '85,000円' });
    const [confirmation, notification] = await mails(d.id);
    expect(confirmation?.body).toContain('最大60,000円');
    expect(notification?.recipient).toBe('cashback@sumika.example');
  });

  it('createCashbackApplication checks the dates against the clock', async () => {
    const res = await h.auth.query(h.app, CREATE_CASHBACK, { input: { ...validCashback(), contractDate: '2025-06-03', rent: 10 } }, visitor());
    expect(res.errors?.[0]?.extensions?.fields).toEqual({
      contractDate: 'ご契約日に未来の日付は指定できません。',
      rent: '月額賃料は1,000〜9,999,999円の範囲で入力してください。',
    });
  });
});
