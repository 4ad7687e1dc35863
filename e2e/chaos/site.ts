/**
 * What the chaos cases ask the site for: real listing keys (a few for the load, the rest handed out once
 * each so a probe never meets the gateway's response cache), a results page with listings, visitor
 * cookies, and the request mixes.
 */
import type { Mix, RequestSpec } from './load.js';
import type { Runner } from './runner.js';

export interface SiteData {
  loadKeys: string[];
  freshKeys: string[];
  cityPath: string;
  cookies: string[];
}

const PREFECTURES = ['tokyo', 'kanagawa', 'osaka', 'saitama', 'chiba', 'aichi', 'hyogo', 'fukuoka', 'hokkaido', 'kyoto', 'miyagi', 'hiroshima', 'shizuoka'];

async function gql(runner: Runner, query: string, cookie?: string): Promise<{ data?: Record<string, unknown>; cookie?: string }> {
  const res = await fetch(runner.url('gateway', '/graphql'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { data?: Record<string, unknown> };
  const set = res.headers.getSetCookie().find((c) => c.startsWith('_uid='));
  return { data: body.data, ...(set ? { cookie: set.split(';')[0] } : {}) };
}

export async function mintCookie(runner: Runner): Promise<string> {
  const { cookie } = await gql(runner, '{ abTests { name } }');
  if (!cookie) throw new Error('the gateway set no _uid cookie');
  return cookie;
}

export async function discover(runner: Runner, cookies: number): Promise<SiteData> {
  const keys: string[] = [];
  const cities = new Map<number, number>();
  for (const pref of PREFECTURES) {
    for (let page = 1; page <= 4 && keys.length < 400; page++) {
      const { data } = await gql(
        runner,
        `{ searchBukkens(prefecturePath: "${pref}", perPage: 50, page: ${page}) { result { bukkenList { globalKey building { cityCode } } } } }`,
      );
      const list =
        (data as { searchBukkens?: { result: { bukkenList: { globalKey: string; building: { cityCode: number } }[] } } } | undefined)?.searchBukkens?.result
          .bukkenList ?? [];
      for (const b of list) {
        if (!keys.includes(b.globalKey)) keys.push(b.globalKey);
        if (pref === 'tokyo') cities.set(b.building.cityCode, (cities.get(b.building.cityCode) ?? 0) + 1);
      }
      if (list.length < 50) break;
    }
  }
  if (keys.length < 60) throw new Error(`only ${keys.length} listings found; seed more (CHAOS_LISTINGS)`);
  const city = [...cities.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const minted: string[] = [];
  for (let i = 0; i < cookies; i++) minted.push(await mintCookie(runner));
  return { loadKeys: keys.slice(0, 12), freshKeys: keys.slice(12), cityPath: city ? `/search/tokyo/city/${city}` : '/tokyo', cookies: minted };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export const COMPANY_NOTICE = /data-testid="company-unavailable"|取扱店舗の情報を表示できません/;
const COMPANY_CARD = /data-testid="company-block"/;

export function inspectDetail(body: string): string[] {
  const flags: string[] = [];
  if (COMPANY_NOTICE.test(body)) flags.push('notice');
  if (COMPANY_CARD.test(body)) flags.push('company');
  return flags;
}

export class Specs {
  private nextFresh = 0;
  private words = 0;

  constructor(
    private readonly runner: Runner,
    readonly data: SiteData,
  ) {}

  /** A listing no request has asked for yet (wraps around, with a warning, when the seed is too small). */
  freshKey(): string {
    if (this.nextFresh >= this.data.freshKeys.length) {
      console.warn('[chaos] fresh listing keys used up; reusing (seed more with CHAOS_LISTINGS)');
      this.nextFresh = 0;
    }
    return this.data.freshKeys[this.nextFresh++]!;
  }

  page(kind: string, path: string, cookie = pick(this.data.cookies), inspect?: (body: string) => string[]): RequestSpec {
    return {
      kind,
      url: this.runner.url('shell', path),
      init: { headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 sumika-chaos' } },
      ...(inspect ? { inspect } : {}),
    };
  }

  detail(key = pick(this.data.loadKeys)): RequestSpec {
    return this.page('detail', `/bukken/detail/${key}`, undefined, inspectDetail);
  }

  /** A free-word results page no one asked before (no cache can answer it). */
  freshWords(): RequestSpec {
    return this.page('results', `/search/words?q=${encodeURIComponent(`駅近 ${Date.now().toString(36)}${this.words++}`)}`);
  }

  graphql(kind: string, query: string, variables: Record<string, unknown> = {}, cookie = pick(this.data.cookies)): RequestSpec {
    return {
      kind,
      url: this.runner.url('gateway', '/graphql'),
      init: { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query, variables }) },
    };
  }

  /** A search through the gateway with a random rent ceiling: most miss the response cache. */
  searchQuery(): RequestSpec {
    return this.graphql(
      'gql-search',
      'query ChaosSearch($max: Int) { searchBukkens(prefecturePath: "tokyo", perPage: 10, searchCondition: { chinryou: { max: $max } }) { result { bukkenTotal { count } bukkenList { globalKey name chinryou } } } }',
      {
        max: 50_000 + Math.floor(Math.random() * 200) * 1000,
      },
    );
  }

  detailQuery(key = pick(this.data.loadKeys)): RequestSpec {
    return this.graphql(
      'gql-detail',
      'query ChaosDetail($k: ID!) { bukken(globalKey: $k) { globalKey name chinryou favorited company { clientName } building { name } } }',
      { k: key },
    );
  }

  favoritesRead(cookie: string): RequestSpec {
    return { kind: 'favorites-read', url: this.runner.url('gateway', '/api/v4_1/favorites'), init: { headers: { cookie } } };
  }

  /** Real pages through the shell and queries through the gateway, as visitors mix them. */
  pagesMix(): Mix {
    return [
      { weight: 2, make: () => this.page('top', '/') },
      { weight: 3, make: () => this.page('results', this.data.cityPath) },
      { weight: 3, make: () => this.detail() },
      { weight: 2, make: () => this.page('favorites', '/favorite') },
      { weight: 1, make: () => this.page('form', '/users_inquiry') },
      { weight: 2, make: () => this.searchQuery() },
      { weight: 2, make: () => this.detailQuery() },
    ];
  }

  gatewayMix(): Mix {
    return [
      { weight: 3, make: () => this.searchQuery() },
      { weight: 3, make: () => this.detailQuery() },
      { weight: 1, make: () => this.favoritesRead(pick(this.data.cookies)) },
    ];
  }
}
