import { sql } from 'kysely';
import { testBackends } from '@sumika/storage-kit/testing';
import type { SearchArgs } from '../domain/search-args.js';
import { acquireScanLease } from '../repositories/alert-scan.js';
import { openHarness, type Harness } from '../testing/harness.js';
import { ALERT_MAIL_KIND, ALERT_MAIL_SUBJECT } from './mail.js';
import { scanAlerts } from './scan.js';
import { startAlertScanner } from './scheduler.js';
import type { AlertSource } from './source.js';

/** An in-test listing world: rents by key, and listings with arrival times and the city they are in. */
class TestSource implements AlertSource {
  rents = new Map<string, number | null>();
  listings: { globalKey: string; cityCode: number; arrivedAt: Date }[] = [];
  rentCalls = 0;
  searchCalls = 0;
  failRents = false;
  /** While set, rent calls wait for it: a scan held mid-way. */
  gate: Promise<void> | undefined;

  async currentRents(globalKeys: readonly string[]) {
    this.rentCalls++;
    await this.gate;
    if (this.failRents) throw new Error('gateway down');
    return new Map(globalKeys.map((k) => [k, this.rents.has(k) ? (this.rents.get(k) ?? null) : null]));
  }

  async newListings(args: SearchArgs, since: Date, until?: Date) {
    this.searchCalls++;
    const found = this.listings
      .filter((l) => (args.cityCodes ?? []).includes(l.cityCode) && l.arrivedAt > since && (!until || l.arrivedAt <= until))
      .sort((a, b) => b.arrivedAt.getTime() - a.arrivedAt.getTime());
    return { count: found.length, globalKeys: found.map((l) => l.globalKey) };
  }
}

const ALERTS =
  '{ requiredUserData { alerts { unreadCount items { id kind globalKey bukken { globalKey } fromRent toRent searchConditionIndex searchConditionId newCount newGlobalKeys createdAt read } } } }';

interface AlertView {
  id: string;
  kind: string;
  globalKey: string | null;
  fromRent: number | null;
  toRent: number | null;
  searchConditionIndex: number | null;
  newCount: number | null;
  newGlobalKeys: string[];
  read: boolean;
}

describe.each(testBackends())('alerts on $name', (backend) => {
  let h: Harness;
  let source: TestSource;
  let clock: Date;

  beforeAll(async () => {
    h = await openHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });
  // Scans cover every visitor: each test starts from an empty store.
  beforeEach(async () => {
    await sql`TRUNCATE visitor, outbox CASCADE`.execute(h.db);
    await sql`UPDATE alert_scan SET locked_until = '-infinity'`.execute(h.db);
    source = new TestSource();
    clock = new Date('2026-11-01T00:00:00Z');
  });

  const scan = () => scanAlerts(h.db, source, { now: () => clock, origin: 'https://sumika.example' });
  const alerts = async (uid: string) => {
    const res = await h.auth.query<{ requiredUserData: { alerts: { unreadCount: number; items: AlertView[] } } }>(h.app, ALERTS, {}, uid);
    expect(res.errors).toBeUndefined();
    return res.data!.requiredUserData.alerts;
  };
  const outbox = async () =>
    (await sql<{ kind: string; recipient: string; subject: string; body: string }>`SELECT kind, recipient, subject, body FROM outbox ORDER BY id`.execute(h.db))
      .rows;

  it('the first scan records baseline rents; a later drop becomes an alert for every visitor keeping it', async () => {
    const a = await h.visitor();
    const b = await h.visitor();
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001", "bk000000002"]) { saved } }', {}, a);
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001"]) { saved } }', {}, b);
    source.rents = new Map([
      ['bk000000001', 90000],
      ['bk000000002', 70000],
    ]);
    expect(await scan()).toMatchObject({ skipped: false, rentsChecked: 2, priceDrops: 0, failures: 0 });
    expect((await alerts(a)).unreadCount).toBe(0);

    source.rents.set('bk000000001', 85000); // drop
    source.rents.set('bk000000002', 72000); // rise: no alert, new baseline
    expect(await scan()).toMatchObject({ priceDrops: 2 });
    for (const uid of [a, b]) {
      const view = await alerts(uid);
      expect(view.unreadCount).toBe(1);
      expect(view.items).toEqual([
        expect.objectContaining({
          kind: 'price_drop',
          globalKey: 'bk000000001',
          bukken: { globalKey: 'bk000000001' },
          fromRent: 90000,
          toRent: 85000,
          searchConditionIndex: null,
          read: false,
        }),
      ]);
    }
    // Back to 70000 from 72000 is a drop against the last rent seen.
    source.rents.set('bk000000002', 70000);
    await scan();
    expect((await alerts(a)).items.map((i) => [i.globalKey, i.fromRent, i.toRent])).toEqual([
      ['bk000000002', 72000, 70000],
      ['bk000000001', 90000, 85000],
    ]);
    // Unchanged rents: nothing new.
    expect(await scan()).toMatchObject({ priceDrops: 0 });
  });

  it('gone listings are skipped and a failing source changes nothing (retried next scan)', async () => {
    const a = await h.visitor();
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001", "bk000000009"]) { saved } }', {}, a);
    source.rents = new Map([['bk000000001', 90000]]);
    await scan();
    source.failRents = true;
    source.rents.set('bk000000001', 80000);
    expect(await scan()).toMatchObject({ failures: 1, priceDrops: 0 });
    source.failRents = false;
    expect(await scan()).toMatchObject({ failures: 0, priceDrops: 1 });
  });

  it('new listings for saved searches: baseline first, then arrivals since the last scan', async () => {
    const a = await h.visitor();
    await h.auth.query(h.app, 'mutation { createSearchCondition(prefecturePath: "tokyo", cityCodes: [13101]) { rest } }', {}, a);
    await h.auth.query(h.app, 'mutation { createSearchCondition(prefecturePath: "tokyo", cityCodes: [13102]) { rest } }', {}, a);
    source.listings = [{ globalKey: 'bk000000100', cityCode: 13101, arrivedAt: new Date('2026-10-31T00:00:00Z') }];
    expect(await scan()).toMatchObject({ searchesChecked: 0, newListingAlerts: 0 });

    clock = new Date('2026-11-01T00:10:00Z');
    source.listings.push(
      { globalKey: 'bk000000101', cityCode: 13101, arrivedAt: new Date('2026-11-01T00:05:00Z') },
      { globalKey: 'bk000000102', cityCode: 13101, arrivedAt: new Date('2026-11-01T00:06:00Z') },
      { globalKey: 'bk000000200', cityCode: 13999, arrivedAt: new Date('2026-11-01T00:06:00Z') },
    );
    expect(await scan()).toMatchObject({ searchesChecked: 2, newListingAlerts: 1 });
    const view = await alerts(a);
    expect(view.items).toEqual([
      expect.objectContaining({
        kind: 'new_listings',
        globalKey: null,
        bukken: null,
        newCount: 2,
        newGlobalKeys: ['bk000000102', 'bk000000101'],
        searchConditionIndex: 1,
      }),
    ]);

    // An arrival after the scan's time is left to the next scan, and counted once.
    source.listings.push({ globalKey: 'bk000000103', cityCode: 13101, arrivedAt: new Date('2026-11-01T00:15:00Z') });
    expect(await scan()).toMatchObject({ newListingAlerts: 0 });
    clock = new Date('2026-11-01T00:20:00Z');
    expect(await scan()).toMatchObject({ newListingAlerts: 1 });
    clock = new Date('2026-11-01T00:30:00Z');
    expect(await scan()).toMatchObject({ newListingAlerts: 0 });
    await h.auth.query(h.app, 'mutation { deleteSearchCondition(deleteIndex: 1) { status } }', {}, a);
    expect((await alerts(a)).items.map((i) => [i.newCount, i.searchConditionIndex])).toEqual([
      [1, null],
      [2, null],
    ]);
  });

  it('identical saved searches of many visitors cost one source call', async () => {
    const visitors = [await h.visitor(), await h.visitor(), await h.visitor()];
    for (const uid of visitors) await h.auth.query(h.app, 'mutation { createSearchCondition(prefecturePath: "tokyo", cityCodes: [13101]) { rest } }', {}, uid);
    await scan();
    clock = new Date('2026-11-01T01:00:00Z');
    source.listings = [{ globalKey: 'bk000000101', cityCode: 13101, arrivedAt: new Date('2026-11-01T00:30:00Z') }];
    source.searchCalls = 0;
    expect(await scan()).toMatchObject({ newListingAlerts: 3 });
    expect(source.searchCalls).toBe(1);
  });

  it('markAlertsRead marks given ids or all, and the badge follows', async () => {
    const a = await h.visitor();
    for (const [k, from, to] of [
      ['bk000000001', 9, 8],
      ['bk000000002', 9, 7],
      ['bk000000003', 9, 6],
    ] as const) {
      await sql`INSERT INTO alert (uid, kind, global_key, from_rent, to_rent) VALUES (${a}, 'price_drop', ${k}, ${from}, ${to})`.execute(h.db);
    }
    const before = await alerts(a);
    expect(before.unreadCount).toBe(3);
    const one = await h.auth.query<{ markAlertsRead: { unreadCount: number } }>(
      h.app,
      'mutation($ids: [ID!]) { markAlertsRead(ids: $ids) { unreadCount } }',
      { ids: [before.items[0]!.id, 'junk'] },
      a,
    );
    expect(one.data?.markAlertsRead.unreadCount).toBe(2);
    expect((await alerts(a)).items.map((i) => i.read)).toEqual([true, false, false]);
    const all = await h.auth.query<{ markAlertsRead: { unreadCount: number } }>(h.app, 'mutation { markAlertsRead { unreadCount } }', {}, a);
    expect(all.data?.markAlertsRead.unreadCount).toBe(0);
    expect((await h.auth.query(h.app, '{ user { alerts(limit: 1000) { unreadCount } } }', {}, a)).errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(
      (await h.auth.query<{ user: { alerts: { items: unknown[] } } }>(h.app, '{ user { alerts(limit: 2) { items { id } } } }', {}, a)).data?.user.alerts.items,
    ).toHaveLength(2);
  });

  it('mails the newsletter registrants what concerns their registration, one mail per visitor, into the outbox', async () => {
    const favOnly = await h.visitor();
    const listOnly = await h.visitor();
    const none = await h.visitor();
    const stopped = await h.visitor();
    for (const uid of [favOnly, listOnly, none, stopped]) {
      await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001"]) { saved } }', {}, uid);
      await h.auth.query(
        h.app,
        'mutation { createSearchCondition(prefecturePath: "tokyo", cityCodes: [13101], searchCondition: { chinryou: { max: 80000 } }) { rest } }',
        {},
        uid,
      );
    }
    await h.auth.query(h.app, 'mutation { registerNewsLetterForFavoriteHistory(email: "fav@example.jp") { reviewPeriod } }', {}, favOnly);
    await h.auth.query(h.app, 'mutation { registerNewsLetterForList(email: "list@example.jp") { reviewPeriod } }', {}, listOnly);
    await h.auth.query(h.app, 'mutation { registerNewsLetterForList(email: "stop@example.jp") { reviewPeriod } }', {}, stopped);
    await h.auth.query(h.app, 'mutation { stopAllMailMagazine { stopped } }', {}, stopped);

    source.rents = new Map([['bk000000001', 90000]]);
    expect(await scan()).toMatchObject({ mails: 0 });
    source.rents.set('bk000000001', 86000);
    clock = new Date('2026-11-01T01:00:00Z');
    source.listings = [{ globalKey: 'bk000000101', cityCode: 13101, arrivedAt: new Date('2026-11-01T00:30:00Z') }];
    expect(await scan()).toMatchObject({ priceDrops: 4, newListingAlerts: 4, mails: 2 });

    const mails = await outbox();
    expect(mails.map((m) => [m.kind, m.recipient, m.subject]).sort()).toEqual([
      [ALERT_MAIL_KIND, 'fav@example.jp', ALERT_MAIL_SUBJECT],
      [ALERT_MAIL_KIND, 'list@example.jp', ALERT_MAIL_SUBJECT],
    ]);
    const fav = mails.find((m) => m.recipient === 'fav@example.jp')!.body;
    expect(fav).toContain('90,000円 → 86,000円');
    expect(fav).toContain('https://sumika.example/bukken/detail/bk000000001');
    expect(fav).not.toContain('新着');
    const { rows } = await sql<{ stop_token: string }>`SELECT stop_token FROM newsletter WHERE uid = ${favOnly}`.execute(h.db);
    expect(fav).toContain(`https://sumika.example/stop_all_mail_magazine?token=${rows[0]!.stop_token}`);
    const list = mails.find((m) => m.recipient === 'list@example.jp')!.body;
    expect(list).toContain('東京都 市区13101 / 賃料8万円以下：新着1件');
    expect(list).toContain('https://sumika.example/search/tokyo/city/13101?chinryou_max=80000');
    expect(list).not.toContain('円 →');

    // Nothing new: no mail.
    expect(await scan()).toMatchObject({ mails: 0 });
    expect(await outbox()).toHaveLength(2);
  });

  it('a newsletter past its review period is not mailed', async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001"]) { saved } }', {}, uid);
    await h.auth.query(h.app, 'mutation { registerNewsLetterForFavoriteHistory(email: "old@example.jp", reviewPeriod: 14) { reviewPeriod } }', {}, uid);
    await sql`UPDATE newsletter SET review_until = now() - interval '1 day' WHERE uid = ${uid}`.execute(h.db);
    source.rents = new Map([['bk000000001', 90000]]);
    await scan();
    source.rents.set('bk000000001', 80000);
    expect(await scan()).toMatchObject({ priceDrops: 1, mails: 0 });
  });

  it("honours each saved search's alert mail setting: off never mails, daily at most once a day, instant on each scan", async () => {
    const SAVE = 'mutation($c: [Int]) { createSearchCondition(prefecturePath: "tokyo", cityCodes: $c) { searchCondition { id } } }';
    const SET = 'mutation($id: ID!, $m: String!) { setSearchConditionAlertMail(id: $id, alertMail: $m) { searchCondition { alertMail } } }';
    const visitors: Record<string, string> = {};
    const cities = { off: 13101, daily: 13102, instant: 13103 } as const;
    for (const [setting, city] of Object.entries(cities)) {
      const uid = await h.visitor();
      visitors[setting] = uid;
      const saved = await h.auth.query<{ createSearchCondition: { searchCondition: { id: string } } }>(h.app, SAVE, { c: [city] }, uid);
      const id = saved.data!.createSearchCondition.searchCondition.id;
      const set = await h.auth.query<{ setSearchConditionAlertMail: { searchCondition: { alertMail: string } } }>(h.app, SET, { id, m: setting }, uid);
      expect(set.errors).toBeUndefined();
      expect(set.data!.setSearchConditionAlertMail.searchCondition.alertMail).toBe(setting);
      await h.auth.query(h.app, `mutation { registerNewsLetterForList(email: "${setting}@example.jp") { reviewPeriod } }`, {}, uid);
    }
    let n = 0;
    // One new listing in each city, then a scan at `at`; answers the recipients mailed by that scan.
    const arrivalsAndScan = async (at: string) => {
      for (const city of Object.values(cities)) {
        n++;
        source.listings.push({ globalKey: `bk9${String(n).padStart(8, '0')}`, cityCode: city, arrivedAt: new Date(new Date(at).getTime() - 60_000) });
      }
      const before = (await outbox()).length;
      clock = new Date(at);
      const report = await scan();
      expect(report.newListingAlerts).toBe(3);
      return (await outbox())
        .slice(before)
        .map((m) => m.recipient)
        .sort();
    };
    await scan(); // baseline at 2026-11-01T00:00
    expect(await arrivalsAndScan('2026-11-01T01:00:00Z')).toEqual(['daily@example.jp', 'instant@example.jp']);
    // Within the day: instant again, daily waits.
    expect(await arrivalsAndScan('2026-11-01T02:00:00Z')).toEqual(['instant@example.jp']);
    expect(await arrivalsAndScan('2026-11-01T20:00:00Z')).toEqual(['instant@example.jp']);
    // A day after its last mail, daily mails everything that came since (the two held back and this one).
    expect(await arrivalsAndScan('2026-11-02T01:00:00Z')).toEqual(['daily@example.jp', 'instant@example.jp']);
    const daily = (await outbox()).filter((m) => m.recipient === 'daily@example.jp');
    expect(daily).toHaveLength(2);
    expect(daily[1]!.body.match(/新着1件/g)).toHaveLength(3);
    // off: the alerts are there for the pages, no mail ever.
    expect((await alerts(visitors.off!)).unreadCount).toBe(4);
    expect((await outbox()).some((m) => m.recipient === 'off@example.jp')).toBe(false);
    // Switching a search to instant never mails what came before the switch.
    const offSearch = await h.auth.query<{ user: { searchConditions: { id: string }[] } }>(h.app, '{ user { searchConditions { id } } }', {}, visitors.off!);
    await h.auth.query(h.app, SET, { id: offSearch.data!.user.searchConditions[0]!.id, m: 'instant' }, visitors.off!);
    clock = new Date('2026-11-02T02:00:00Z');
    expect(await scan()).toMatchObject({ mails: 0 });
    expect(await arrivalsAndScan('2026-11-02T03:00:00Z')).toEqual(['instant@example.jp', 'off@example.jp']);
  });

  it('scans never overlap: a held lease makes the next one skip, and an expired lease is taken over', async () => {
    await sql`UPDATE alert_scan SET locked_until = now() + interval '5 minutes'`.execute(h.db);
    expect(await scan()).toMatchObject({ skipped: true });
    await sql`UPDATE alert_scan SET locked_until = now() - interval '1 second'`.execute(h.db);
    expect(await scan()).toMatchObject({ skipped: false });
    // The finished scan freed the lease.
    expect(await scan()).toMatchObject({ skipped: false });
    // A scan in progress (held inside its first rent call) makes one started beside it skip.
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001"]) { saved } }', {}, await h.visitor());
    let release!: () => void;
    source.gate = new Promise((resolve) => (release = resolve));
    const first = scan();
    while (source.rentCalls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await scan()).toMatchObject({ skipped: true });
    release();
    expect(await first).toMatchObject({ skipped: false, rentsChecked: 0 });
    expect(await scan()).toMatchObject({ skipped: false });
    // Taking the lease is one atomic update: of two takers at once, one wins.
    const takers = await Promise.all([acquireScanLease(h.db, 60), acquireScanLease(h.db, 60)]);
    expect(takers.filter(Boolean)).toHaveLength(1);
  });

  it('startAlertScanner runs scans on its interval until stopped; 0 turns it off', async () => {
    const uid = await h.visitor();
    await h.auth.query(h.app, 'mutation { addFavorites(globalKeys: ["bk000000001"]) { saved } }', {}, uid);
    source.rents = new Map([['bk000000001', 90000]]);
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const off = startAlertScanner({ db: h.db, source, intervalSeconds: 0, log: quiet });
    await new Promise((r) => setTimeout(r, 150));
    await off.stop();
    expect(source.rentCalls).toBe(0);

    const on = startAlertScanner({ db: h.db, source, intervalSeconds: 0.05, log: quiet });
    for (let i = 0; i < 100 && source.rentCalls < 2; i++) await new Promise((r) => setTimeout(r, 50));
    await on.stop();
    expect(source.rentCalls).toBeGreaterThanOrEqual(2);
    const calls = source.rentCalls;
    await new Promise((r) => setTimeout(r, 200));
    expect(source.rentCalls).toBe(calls);
  });
});
