import { testBackends } from '@sumika/storage-kit/testing';
import { MESSAGES } from '../validation/fields.js';
import { RECAPTCHA_FAILED } from '../recaptcha/recaptcha.js';
import { SEND_INBOUND, SEND_INQUIRY, SEND_VIOLATION, validInbound, validInquiry, validViolation, XSS_IMG, XSS_SCRIPT } from '../testing/fixtures.js';
import { openHarness, visitor, type Harness } from '../testing/harness.js';

interface Receipt {
  id: string;
  receiptNumber: string;
  receivedAt: string;
  email: string;
  summary: { label: string; value: string }[];
  isApp?: boolean;
}

const RECEIPT = /^(IQ|BZ|VR|AP|CB)-20250602-[0-9A-HJKMNP-TV-Z]{6}$/;

describe.each(testBackends())('operator forms on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  const submissions = (id: string) => h.database.db.selectFrom('submission').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
  const mails = (id: string) => h.database.db.selectFrom('outbox').selectAll().where('submission_id', '=', Number(id)).orderBy('id').execute();
  const count = async () =>
    Number(
      (
        await h.database.db
          .selectFrom('submission')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sendInquiry stores the submission with its two mails and answers the receipt', async () => {
    const res = await h.auth.query<{ sendInquiry: Receipt }>(h.app, SEND_INQUIRY, { ...validInquiry(), isApp: true }, visitor('uid-inquiry', '203.0.113.9'));
    expect(res.errors).toBeUndefined();
    const r = res.data?.sendInquiry as Receipt;
    expect(r.receiptNumber).toMatch(RECEIPT);
    expect(r.receiptNumber.startsWith('IQ-')).toBe(true);
    expect(r).toMatchObject({ receivedAt: '2025-06-02T10:00:00+09:00', email: 'taro.yamada@example.jp', isApp: true });
    expect(r.summary).toEqual([
      { label: 'お名前', value: '山田 太郎' },
      { label: 'メールアドレス', value: 'taro.yamada@example.jp' },
      { label: 'お問い合わせ種別', value: '掲載物件の情報について' },
      { label: 'お問い合わせ内容', value: validInquiry().inquiryContent },
    ]);

    const row = await submissions(r.id);
    expect(row).toMatchObject({ kind: 'inquiry', receipt_no: r.receiptNumber, uid: 'uid-inquiry', ip: '203.0.113.9', email: 'taro.yamada@example.jp' });
    const { recaptchaToken: _token, ...stored } = { ...validInquiry(), isApp: true };
    expect(row.payload).toEqual(stored);
    expect(new Date(row.created_at).toISOString()).toBe('2025-06-02T01:00:00.000Z');

    const [confirmation, notification] = await mails(r.id);
    expect(confirmation).toMatchObject({ kind: 'inquiry.confirmation', recipient: 'taro.yamada@example.jp', delivered_at: null, attempts: 0 });
    expect(confirmation?.subject).toContain(r.receiptNumber);
    expect(confirmation?.body).toContain('山田 太郎 様');
    expect(notification).toMatchObject({ kind: 'inquiry.notification', recipient: 'support@sumika.example', reply_to: 'taro.yamada@example.jp' });
    expect(notification?.body).toContain('訪問者ID：uid-inquiry');
  });

  it('stores HTML verbatim and reads it back unchanged; the HTML mail escapes it', async () => {
    const content = `${XSS_SCRIPT}\n${XSS_IMG}`;
    const res = await h.auth.query<{ sendInquiry: Receipt }>(h.app, SEND_INQUIRY, { ...validInquiry(), name: XSS_IMG, inquiryContent: content }, visitor());
    expect(res.errors).toBeUndefined();
    const r = res.data?.sendInquiry as Receipt;
    expect(r.summary.find((s) => s.label === 'お名前')?.value).toBe(XSS_IMG);
    expect(r.summary.find((s) => s.label === 'お問い合わせ内容')?.value).toBe(content);
    const row = await submissions(r.id);
    expect(row.payload).toMatchObject({ name: XSS_IMG, inquiryContent: content });
    const [confirmation, notification] = await mails(r.id);
    expect(confirmation?.body).toContain(XSS_SCRIPT);
    expect(notification?.body).toContain(XSS_IMG);
    expect(confirmation?.html).not.toContain('<script>');
    expect(confirmation?.html).not.toContain('<img');
    expect(confirmation?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>\n&lt;img src=x onerror=alert(1)&gt;');
  });

  it('sendInboundInquiries stores every field including the utm parameters; the sales desk is notified', async () => {
    const res = await h.auth.query<{ sendInboundInquiries: Receipt }>(h.app, SEND_INBOUND, { ...validInbound(), content: XSS_SCRIPT }, visitor());
    expect(res.errors).toBeUndefined();
    const r = res.data?.sendInboundInquiries as Receipt;
    expect(r.receiptNumber.startsWith('BZ-')).toBe(true);
    expect(r.summary).toContainEqual({ label: '業種', value: '賃貸仲介会社' });
    expect(r.summary).toContainEqual({ label: '宅地建物取引業免許', value: 'あり' });
    expect(r.summary).toContainEqual({ label: 'お問い合わせ内容', value: XSS_SCRIPT });
    const { recaptchaToken: _token, ...stored } = { ...validInbound(), content: XSS_SCRIPT };
    expect((await submissions(r.id)).payload).toEqual(stored);
    const [, notification] = await mails(r.id);
    expect(notification).toMatchObject({ recipient: 'sales@sumika.example', reply_to: 'sato@sumika-fudosan.example.jp' });
  });

  it('sendViolation stores the report; optional fields may be absent; 掲載110番 is notified', async () => {
    const res = await h.auth.query<{ sendViolation: Receipt }>(
      h.app,
      SEND_VIOLATION,
      { ...validViolation(), phone: null, dwellingName: '', free: XSS_IMG },
      visitor(),
    );
    expect(res.errors).toBeUndefined();
    const r = res.data?.sendViolation as Receipt;
    expect(r.receiptNumber.startsWith('VR-')).toBe(true);
    expect(r.summary).toContainEqual({ label: '物件所在地（都道府県）', value: '東京都' });
    expect(r.summary).toContainEqual({ label: '電話番号', value: '（未入力）' });
    expect(r.summary).toContainEqual({ label: '違反の内容', value: XSS_IMG });
    const row = await submissions(r.id);
    expect(row.payload).not.toHaveProperty('phone');
    expect(row.payload).not.toHaveProperty('dwellingName');
    expect(row.payload).toMatchObject({ violateKindId: 1, bukkenKankeiId: 1, prefectureId: 13, free: XSS_IMG });
    expect((await mails(r.id))[1]?.recipient).toBe('keisai110@sumika.example');
  });

  it.each([
    [
      'sendInquiry',
      SEND_INQUIRY,
      { ...validInquiry(), email: 'taro@', inquiryType: 'x', name: '' },
      { email: MESSAGES.email, inquiryType: 'お問い合わせ種別の選択肢が正しくありません。', name: 'お名前を入力してください。' },
    ],
    [
      'sendInboundInquiries',
      SEND_INBOUND,
      { ...validInbound(), tel: '03-1234', siteUrl: 'ftp://x.jp', hasLicense: null },
      { tel: MESSAGES.phone, siteUrl: MESSAGES.url, hasLicense: '宅地建物取引業免許の有無を選択してください。' },
    ],
    [
      'sendViolation',
      SEND_VIOLATION,
      { ...validViolation(), prefectureId: 48, bukkenKankeiId: 4, violateUrl: null },
      {
        prefectureId: MESSAGES.prefecture,
        corporateName: '管理会社・不動産会社の方は会社名を入力してください。',
        violateUrl: '違反のある掲載ページのURLを入力してください。',
      },
    ],
  ])('%s answers BAD_REQUEST with extensions.fields and stores nothing', async (field, query, variables, fields) => {
    const before = await count();
    const res = await h.auth.query(h.app, query, variables, visitor());
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors?.[0]).toMatchObject({ message: MESSAGES.summary, path: [field], extensions: { code: 'BAD_REQUEST', fields } });
    expect(await count()).toBe(before);
  });

  it('refuses a token the reCAPTCHA verifier rejects', async () => {
    const before = await count();
    const res = await h.auth.query(h.app, SEND_INQUIRY, { ...validInquiry(), recaptchaToken: 'forged-token' }, visitor());
    expect(res.errors?.[0]).toMatchObject({ message: RECAPTCHA_FAILED, extensions: { code: 'BAD_REQUEST', fields: { recaptchaToken: RECAPTCHA_FAILED } } });
    expect(await count()).toBe(before);
  });

  it('refuses a request whose token carries no visitor id', async () => {
    const res = await h.auth.query(h.app, SEND_INQUIRY, validInquiry(), { ip: '203.0.113.7' });
    expect(res.errors?.[0]?.extensions?.code).toBe('USER_ID_ERROR');
  });

  it('trusts the uid and IP of the token only, never headers', async () => {
    const response = await h.auth.inject(h.app, SEND_INQUIRY, validInquiry(), visitor('uid-token', '203.0.113.50'), {
      'x-forwarded-for': '10.9.9.9',
      'x-uid': 'uid-header',
    });
    const r = (response.json() as { data: { sendInquiry: Receipt } }).data.sendInquiry;
    expect(await submissions(r.id)).toMatchObject({ uid: 'uid-token', ip: '203.0.113.50' });
  });
});
