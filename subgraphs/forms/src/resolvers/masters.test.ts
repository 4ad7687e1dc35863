import { composeSupergraph } from '@sumika/infra/compose/compose';
import { testBackends } from '@sumika/storage-kit/testing';
import { openHarness, type Harness } from '../testing/harness.js';

const MASTERS = `{
  usersInquiryMaster { inquiryTypes { code name } }
  violationMaster { kinds { code name description } relations { code name requiresCorporateName } }
  inboundInquiryMaster { types { code name } categories { code name } referenceMedia { code name } }
  applyMaster { contactMethods { code name } moveInTimings { code name } requests { code name } maxBukkens }
}`;

const CAMPAIGN = '{ cashbackCampaign { amountText maxAmount defaultAmountText limited period { startsAt endsBefore text } } }';

// Master queries touch no tables: PGlite is enough.
describe.each(testBackends().slice(0, 1))('master lists', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  it('serves every master list with codes and Japanese names', async () => {
    const res = await h.auth.query<Record<string, Record<string, { code: string | number; name: string }[]>>>(h.app, MASTERS, {}, 'uid-1');
    expect(res.errors).toBeUndefined();
    const d = res.data ?? {};
    expect(d.usersInquiryMaster?.inquiryTypes?.[0]).toEqual({ code: 'usage', name: 'サイトの使い方について' });
    expect(d.usersInquiryMaster?.inquiryTypes).toHaveLength(10);
    expect(d.violationMaster?.kinds?.[0]).toMatchObject({ code: 1, name: 'おとり広告の疑い（成約済み・実在しない物件）' });
    expect(d.violationMaster?.relations).toContainEqual({ code: 4, name: 'この物件の管理会社', requiresCorporateName: true });
    expect(d.inboundInquiryMaster?.referenceMedia).toContainEqual({ code: 'search_engine', name: '検索エンジン（Google・Yahoo!など）' });
    expect(d.inboundInquiryMaster?.categories).toContainEqual({ code: 'document', name: '資料請求' });
    expect(d.applyMaster?.moveInTimings).toContainEqual({ code: 'within_1_month', name: '1ヶ月以内' });
    expect(d.applyMaster?.maxBukkens).toBe(10);
    for (const list of [
      d.usersInquiryMaster?.inquiryTypes,
      d.violationMaster?.kinds,
      d.violationMaster?.relations,
      d.inboundInquiryMaster?.types,
      d.applyMaster?.requests,
    ]) {
      const codes = (list ?? []).map((o) => o.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it.each([
    ['2024-10-03T14:59:59+09:00', '最大50,000円', null],
    ['2024-10-03T15:00:00+09:00', '最大60,000円', '2024年10月3日（木）15:00〜2024年10月17日（木）14:59'],
    ['2024-10-17T14:59:59+09:00', '最大60,000円', '2024年10月3日（木）15:00〜2024年10月17日（木）14:59'],
    ['2024-10-17T15:00:00+09:00', '最大50,000円', null],
  ])('cashbackCampaign at %s is %s', async (now, amountText, periodText) => {
    h.clock.now = new Date(now);
    const res = await h.auth.query<{ cashbackCampaign: { amountText: string; defaultAmountText: string; limited: boolean; period: { text: string } | null } }>(
      h.app,
      CAMPAIGN,
      {},
      'uid-1',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.cashbackCampaign).toMatchObject({ amountText, defaultAmountText: '最大50,000円', limited: periodText !== null });
    expect(res.data?.cashbackCampaign.period?.text ?? null).toBe(periodText);
  });
});

describe('the supergraph', () => {
  it('composes with the forms schema (Bukken referenced by key, not resolved here)', () => {
    const sdl = composeSupergraph();
    expect(sdl).toContain('join__graph(name: "forms"');
    expect(sdl).toMatch(/sendInquiry\(/);
    expect(sdl).toMatch(/type Bukken[^{]*@join__type\(graph: FORMS, key: "globalKey", resolvable: false\)/);
  });
});
