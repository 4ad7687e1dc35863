import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet } from 'jose';
import { createTestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { gatewayClient } from '@sumika/subgraph-user/gateway/client';
import { gatewayAlertSource } from '@sumika/subgraph-user/gateway/alert-source';
import { scanAlerts } from '@sumika/subgraph-user/alerts/scan';
import { injectFetch, RECAPTCHA_TEST_TOKEN, startStack, type Stack } from './stack.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes are checked by the assertions
type Body = { data?: Record<string, any>; errors?: { message: string; extensions?: Record<string, any> }[] };

/** A browser-like visitor: keeps the cookies the gateway sets. */
class Visitor {
  readonly jar = new Map<string, string>();
  constructor(private readonly stack: Stack) {}
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async raw(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query, variables },
      headers: { 'content-type': 'application/json', ...(this.jar.size ? { cookie: this.cookie } : {}), ...headers },
    });
    for (const c of setCookies(res)) {
      const [pair] = c.split(';');
      const [name, ...rest] = (pair as string).split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.jar.delete(name as string);
      else this.jar.set(name as string, rest.join('='));
    }
    return res;
  }
  async gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Body> {
    return (await this.raw(query, variables, headers)).json();
  }
  /** The uid inside the signed cookie value (`uid.signature`). */
  get uid(): string {
    return decodeURIComponent(this.jar.get('_uid') ?? '').split('.')[0] as string;
  }
}

const setCookies = (res: LightMyRequestResponse): string[] => {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : Array.isArray(h) ? h : [String(h)];
};

const USER =
  '{ requiredUserData { stockCount { favorite detail search } existApplyData bukken { favorites { globalKey } histories { globalKey kind } incompleteInquiries { globalKey } } searchConditions { id searchPath } } }';

/** The shell's key pair, as the shell's server holds it (its public half is the shell's JWKS). */
let shellPrivateKey: CryptoKey;
let shellJwks: JSONWebKeySet;
beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  shellPrivateKey = pair.privateKey;
  shellJwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'shell', alg: 'RS256', use: 'sig' }] };
});
/** A token like the shell's: RS256, issuer sumika-shell, this gateway's URL as audience, one day. */
const shellToken = () =>
  new SignJWT({ client: 'shell' })
    .setProtectedHeader({ alg: 'RS256', kid: 'shell' })
    .setIssuer('sumika-shell')
    .setAudience('http://127.0.0.1:4000/graphql')
    .setIssuedAt()
    .setExpirationTime('1d')
    .sign(shellPrivateKey);

describe.each(testBackends())('visitor identity and the write side through the gateway on $name', (backend) => {
  let stack: Stack;
  let keys: string[];

  beforeAll(async () => {
    stack = await startStack(backend, { listings: 400, shellKeys: createLocalJWKSet(shellJwks) });
    const { rows } = await stack.stores.bukken.pool.query<{ global_key: string }>('SELECT global_key FROM bukken ORDER BY id LIMIT 80');
    keys = rows.map((r) => r.global_key);
  });
  afterAll(async () => {
    await stack.close();
  });

  it('gives a first visit a signed, HttpOnly, SameSite=Lax _uid and a user record', async () => {
    const v = new Visitor(stack);
    const first = await v.raw(USER);
    const uidCookie = setCookies(first).find((c) => c.startsWith('_uid='));
    expect(uidCookie).toBeDefined();
    expect(uidCookie).toMatch(/HttpOnly/);
    expect(uidCookie).toMatch(/SameSite=Lax/);
    expect(uidCookie).not.toMatch(/Secure/); // localhost
    expect(v.uid).toMatch(/^[0-9a-f]{32}$/);
    expect(first.json().data.requiredUserData.stockCount).toEqual({ favorite: 0, detail: 0, search: 0 });
    const { rows } = await stack.writeStores.user.pool.query('SELECT uid FROM visitor WHERE uid = $1', [v.uid]);
    expect(rows).toHaveLength(1);
    // A returning visitor keeps the same identity and gets no new cookie.
    const again = await v.raw(USER);
    expect(setCookies(again).some((c) => c.startsWith('_uid='))).toBe(false);
    expect(again.json().errors).toBeUndefined();
    // A public page request also mints an identity, and the record exists before any user call.
    const other = new Visitor(stack);
    await other.gql('{ prefectures { code } }');
    expect((await stack.writeStores.user.pool.query('SELECT 1 FROM visitor WHERE uid = $1', [other.uid])).rows).toHaveLength(1);
    expect((await other.gql(USER)).errors).toBeUndefined();
    // Outside localhost the cookie is Secure.
    const remote = await stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ prefectures { code } }' },
      headers: { 'content-type': 'application/json', host: 'sumika.example' },
    });
    expect(setCookies(remote).find((c) => c.startsWith('_uid='))).toMatch(/Secure/);
  });

  it('answers forged, tampered and unknown _uid with USER_ID_ERROR and starts fresh afterwards', async () => {
    const v = new Visitor(stack);
    await v.gql('mutation { addFavorites(globalKeys: ["' + keys[0] + '"]) { saved } }');
    const signed = v.jar.get('_uid') as string;
    const tamperedValue = signed.slice(0, -2) + (signed.endsWith('A') ? 'BB' : 'AA');
    for (const cookie of [`_uid=${tamperedValue}`, `_uid=${'ab'.repeat(16)}`, `_uid=${v.uid}`]) {
      const res = await stack.gateway.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: USER },
        headers: { 'content-type': 'application/json', cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('USER_ID_ERROR');
      expect(res.json().errors[0].message).toBe('不正なリクエストのため、表示できません。');
      expect(setCookies(res).some((c) => c.startsWith('_uid=;'))).toBe(true);
      const rest = await stack.gateway.inject({ method: 'GET', url: '/api/v4_1/favorites', headers: { cookie } });
      expect(rest.statusCode).toBe(400);
      expect(rest.json()).toEqual({ errorCode: 'USER_ID_ERROR', message: '不正なリクエストのため、表示できません。' });
    }
    // Correctly signed but unknown to the user subgraph (e.g. a deleted record).
    const unknown = `_uid=${encodeURIComponent(stack.gateway.signCookie('cd'.repeat(16)))}`;
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: USER },
      headers: { 'content-type': 'application/json', cookie: unknown },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('USER_ID_ERROR');
    expect(setCookies(res).some((c) => c.startsWith('_uid=;'))).toBe(true);
    // The real visitor's data is untouched by all of it.
    expect((await v.gql(USER)).data?.requiredUserData.stockCount.favorite).toBe(1);
  });

  it("keeps visitor A's favorites, histories, saved searches and inquiries away from B, whatever B sends", async () => {
    const a = new Visitor(stack);
    const b = new Visitor(stack);
    const [k1, k2, k3, k4] = keys as [string, string, string, string];
    expect((await a.gql(`mutation { addFavorites(globalKeys: ["${k1}", "${k2}"]) { saved } }`)).errors).toBeUndefined();
    expect((await a.gql(`mutation { recordHistory(globalKey: "${k3}") { globalKey } }`)).errors).toBeUndefined();
    expect((await a.gql(`mutation { startInquiry(globalKeys: ["${k4}"], listKind: building_page_bukken) { globalKeys } }`)).errors).toBeUndefined();
    expect(
      (await a.gql('mutation { createSearchCondition(prefecturePath: "tokyo", searchCondition: { chinryou: { max: 90000 } }) { saved rest } }')).errors,
    ).toBeUndefined();
    const aBefore = (await a.gql(USER)).data?.requiredUserData;
    // Two histories: the viewed listing and the one with an unfinished inquiry (viewed_incompleted).
    expect(aBefore.stockCount).toEqual({ favorite: 2, detail: 2, search: 1 });

    await b.gql('{ prefectures { code } }');
    const forged = await (await createTestAuth()).token({ uid: a.uid });
    // A bearer token signed by someone else naming A is refused outright.
    for (const query of [USER, `mutation { deleteFavorites(globalKeys: ["${k1}", "${k2}"]) { deleteGlobalKeys } }`]) {
      const refused = await b.raw(query, {}, { authorization: `Bearer ${forged}` });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    // Headers that try to name A.
    const attempts: Record<string, string>[] = [{}, { 'x-uid': a.uid, 'x-user-id': a.uid }];
    for (const headers of attempts) {
      const seen = (await b.gql(USER, {}, headers)).data?.requiredUserData;
      expect(seen.stockCount).toEqual({ favorite: 0, detail: 0, search: 0 });
      expect(seen.bukken).toEqual({ favorites: [], histories: [], incompleteInquiries: [] });
      expect(seen.searchConditions).toEqual([]);
      expect(
        (await b.gql(`mutation { deleteFavorites(globalKeys: ["${k1}", "${k2}"]) { deleteGlobalKeys } }`, {}, headers)).data?.deleteFavorites.deleteGlobalKeys,
      ).toEqual([]);
      expect(
        (await b.gql(`mutation { incompleteInquiriesDelete(globalKeys: ["${k4}"]) { success notFound } }`, {}, headers)).data?.incompleteInquiriesDelete,
      ).toEqual({ success: false, notFound: [k4] });
      await b.gql(`mutation { deleteSearchCondition(id: "${aBefore.searchConditions[0].id}") { status } }`, {}, headers);
      await b.gql('mutation { deleteSearchCondition(deleteIndex: 0) { status } }', {}, headers);
      await b.gql(`mutation { deleteHistories(globalKeys: ["${k3}"]) { deleteGlobalKeys } }`, {}, headers);
    }
    // B sees A's listings as not favorited; A sees them as favorited.
    const flag = `{ bukken(globalKey: "${k1}") { favorited } }`;
    expect((await b.gql(flag)).data?.bukken.favorited).toBe(false);
    expect((await a.gql(flag)).data?.bukken.favorited).toBe(true);
    // A's data is exactly as it was.
    expect((await a.gql(USER)).data?.requiredUserData).toEqual(aBefore);
    // And the subgraphs themselves refuse anyone without the gateway's token.
    const forgedAuth = { authorization: `Bearer ${forged}`, 'content-type': 'application/json' };
    for (const url of Object.values(stack.urls)) {
      const none = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
      expect(none.status).toBe(401);
      const wrongKey = await fetch(url, { method: 'POST', headers: forgedAuth, body: JSON.stringify({ query: '{ __typename }' }) });
      expect(wrongKey.status).toBe(401);
    }
  });

  it('copies set-cookie from subgraph work (A/B tests, the favorite dialog restriction) to the visitor', async () => {
    const v = new Visitor(stack);
    const ab = await v.raw('{ abTests { name value } }');
    const tests = ab.json().data.abTests as { name: string; value: string }[];
    expect(tests.length).toBeGreaterThan(0);
    for (const t of tests) {
      const c = setCookies(ab).find((s) => s.startsWith(`${t.name}_for_ga_session=`));
      expect(c).toMatch(new RegExp(`^${t.name}_for_ga_session=${t.value};.*Max-Age=1800`));
    }
    // The assignment sticks: the cookie comes back and the same variants are answered.
    expect((await v.gql('{ abTests { name value } }')).data?.abTests).toEqual(tests);
    const fav = await v.raw(`mutation { addFavorites(globalKeys: ["${keys[10]}"], restrictDialog: true) { saved } }`);
    expect(setCookies(fav).find((c) => c.startsWith('favorite_dialog_restriction='))).toMatch(/Max-Age=7776000/);
  });

  it('holds the limit of 50 favorites under 20 concurrent adds, with CONFLICT, OVER_LIMIT and forceCreate', async () => {
    const v = new Visitor(stack);
    const first45 = keys.slice(0, 45);
    expect((await v.gql('mutation A($k: [ID!]!) { addFavorites(globalKeys: $k) { saved } }', { k: first45 })).errors).toBeUndefined();
    const next20 = keys.slice(45, 65);
    const results = await Promise.all(next20.map((k) => v.gql('mutation A($k: [ID!]!) { addFavorites(globalKeys: $k) { saved } }', { k: [k] })));
    const ok = results.filter((r) => !r.errors);
    const over = results.filter((r) => r.errors?.[0]?.extensions?.code === 'OVER_LIMIT');
    expect([ok.length, over.length]).toEqual([5, 15]);
    expect((await v.gql(USER)).data?.requiredUserData.stockCount.favorite).toBe(50);
    const conflict = await v.gql('mutation A($k: [ID!]!) { addFavorites(globalKeys: $k) { saved } }', { k: [keys[0]] });
    expect(conflict.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    // forceCreate makes room by deleting exactly the oldest.
    const forced = await v.gql('mutation A($k: [ID!]!) { addFavorites(globalKeys: $k, forceCreate: true) { addGlobalKeys deleteGlobalKeys saved } }', {
      k: [keys[70]],
    });
    expect(forced.data?.addFavorites).toEqual({ addGlobalKeys: [keys[70]], deleteGlobalKeys: [keys[0]], saved: true });
    expect((await v.gql(USER)).data?.requiredUserData.stockCount.favorite).toBe(50);
    const empty = await v.gql('mutation { addFavorites(globalKeys: []) { saved } }');
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it("records the visitor's address on a form sent through the shell, not the shell's or a claimed one", async () => {
    const send = async (headers: Record<string, string>) => {
      const v = new Visitor(stack);
      const res = await v.gql(
        'mutation Send($t: String!) { sendInquiry(name: "山田 太郎", email: "taro@example.jp", inquiryType: "usage", inquiryContent: "検索条件の保存方法を教えてください。", recaptchaToken: $t) { id } }',
        { t: RECAPTCHA_TEST_TOKEN },
        headers,
      );
      expect(res.errors).toBeUndefined();
      const { rows } = await stack.writeStores.forms.pool.query<{ ip: string | null }>('SELECT ip FROM submission WHERE uid = $1', [v.uid]);
      return rows.map((r) => r.ip);
    };
    const viaShell = { authorization: `Bearer ${await shellToken()}`, 'x-forwarded-for': '6.6.6.6, 203.0.113.7' };
    expect(await send(viaShell)).toEqual(['203.0.113.7']);
    // Straight to the gateway, x-forwarded-for is the visitor's say and ignored.
    expect(await send({ 'x-forwarded-for': '203.0.113.7' })).toEqual(['127.0.0.1']);
  });

  it('runs an inquiry about listings: incomplete while unfinished, contacted once the application is accepted', async () => {
    const v = new Visitor(stack);
    const [k] = [keys[20] as string];
    await v.gql(`mutation { startInquiry(globalKeys: ["${k}"], listKind: favorite_bukken) { globalKeys } }`);
    expect((await v.gql(USER)).data?.requiredUserData.bukken.incompleteInquiries).toEqual([{ globalKey: k }]);
    const apply = await v.gql(`mutation Apply($input: ApplyInput!) { createApply(input: $input) { receiptNumber globalKeys bukkens { globalKey name } } }`, {
      input: {
        globalKeys: [k],
        listKind: 'favorite_bukken',
        name: '山田 太郎',
        kana: 'ヤマダ タロウ',
        email: 'taro@example.jp',
        phone: '090-1234-5678',
        contactMethod: 'email',
        moveInTiming: 'within_1_month',
        requests: [],
        freeText: '<script>alert(1)</script>内見希望です',
        recaptchaToken: RECAPTCHA_TEST_TOKEN,
      },
    });
    expect(apply.errors).toBeUndefined();
    expect(apply.data?.createApply.bukkens[0].name).toEqual(expect.any(String));
    const sent = await v.gql(`mutation { markInquiriesSent(globalKeys: ["${k}"], listKind: favorite_bukken) { existApplyData } }`);
    expect(sent.data?.markInquiriesSent.existApplyData).toBe(true);
    const user = (await v.gql(USER)).data?.requiredUserData;
    expect(user.bukken.incompleteInquiries).toEqual([]);
    expect(user.existApplyData).toBe(true);
    expect(user.bukken.histories).toContainEqual({ globalKey: k, kind: 'applied' });
    // Stored durably with its outbox mail, free text kept verbatim (it is never rendered as HTML).
    const { rows } = await stack.writeStores.forms.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE body LIKE '%<script>alert(1)</script>%' OR body LIKE '%&lt;script&gt;%'`,
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
    // A bad form comes back with per-field Japanese messages, nothing stored for it.
    const bad = await v.gql(
      'mutation { sendInquiry(name: "", email: "not-an-email", inquiryType: "usage", inquiryContent: "x", recaptchaToken: "wrong") { id } }',
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('alerts a visitor when a favorite gets cheaper, asking the real gateway for rents', async () => {
    const v = new Visitor(stack);
    const k = keys[30] as string;
    await v.gql(`mutation { addFavorites(globalKeys: ["${k}"]) { saved } }`);
    const source = gatewayAlertSource(gatewayClient({ fetch: injectFetch(stack.gateway) }));
    const db = stack.writeStores.user.db as never;
    await scanAlerts(db, source); // baseline
    await stack.stores.bukken.pool.query('UPDATE bukken SET chinryou = chinryou - 5000 WHERE global_key = $1', [k]);
    await stack.gateway.inject({ method: 'POST', url: '/admin/cache/invalidate', headers: { 'x-admin-token': 'test-admin-token' } });
    await new Promise((r) => setTimeout(r, 1100)); // the cache generation is re-read at most once a second
    await scanAlerts(db, source);
    const alerts = (await v.gql('{ requiredUserData { alerts { unreadCount items { kind globalKey fromRent toRent } } } }')).data?.requiredUserData.alerts;
    expect(alerts.unreadCount).toBe(1);
    expect(alerts.items[0]).toMatchObject({ globalKey: k });
    expect(alerts.items[0].fromRent - alerts.items[0].toRent).toBe(5000);
  });
});
