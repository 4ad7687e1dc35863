/**
 * A failing subgraph degrades a page, never wipes it (STYLE 15): the pages' own operations, read
 * from the remotes' sources, against the in-process stack with one subgraph unreachable.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MemoryCache, repoRoot, type SubgraphName } from '@sumika/server-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { build as buildGateway } from '@sumika/gateway/app';
import { startStack, type Stack } from './stack.js';

/** The gql`…` document declared as `name` in a remote's source, with the fragment documents it interpolates. */
function documentOf(file: string, name: string, seen = new Set<string>()): string {
  const source = readFileSync(path.join(repoRoot(), file), 'utf8');
  const found = new RegExp(`const ${name}\\b[^=\\n]*= gql\`([^\`]*)\``).exec(source);
  if (!found) {
    // A feature's public entry (index.ts, decision 018) re-exports the document from its file.
    const reexport = new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(source);
    if (!reexport) throw new Error(`${file}: no document ${name}`);
    return documentOf(path.join(path.dirname(file), reexport[1]!.replace(/\.js$/, '.ts')), name, seen);
  }
  let text = found[1]!;
  for (const [whole, expr] of [...text.matchAll(/\$\{\s*(\w+)\s*\}/g)]) {
    text = text.replace(whole, '');
    if (seen.has(expr!)) continue;
    seen.add(expr!);
    const imported = new RegExp(`\\b${expr}\\b[^;]*from '([^']+)'`).exec(source);
    const from = imported ? path.join(path.dirname(file), imported[1]!.replace(/\.js$/, '.ts')) : file;
    text += documentOf(from, expr!, seen);
  }
  return text;
}

const DETAIL = documentOf('mf-detail/src/features/detail/api/bukken-detail.ts', 'BUKKEN_DETAIL');
const RESULTS = documentOf('mf-search/src/features/results/api/search-bukkens.ts', 'SEARCH_BUKKENS');
const BUILDING = documentOf('mf-detail/src/features/building/api/building-detail.ts', 'BUILDING_DETAIL');
const COMPANY = documentOf('mf-detail/src/features/company/api/company-detail.ts', 'COMPANY_DETAIL');
const PREFECTURE = documentOf('mf-search/src/features/prefecture/api/search-prefecture-page.ts', 'SEARCH_PREFECTURE_PAGE');
const VIOLATION = documentOf('mf-forms/src/features/violation/api/violation-master.ts', 'VIOLATION_MASTER');
const CASHBACK = documentOf('mf-forms/src/features/cashback/api/cashback-campaign.ts', 'CASHBACK_CAMPAIGN');

interface GqlError {
  message: string;
  extensions?: { code?: string };
}
interface Listing {
  globalKey: string;
  name: string;
  favorited: boolean | null;
}
interface Body {
  data?: {
    bukken?: Listing & { conditionCodes: unknown; company: { key: string } | null; recommendations: Listing[] };
    building?: { key: string; name: string; vacancyPlans: unknown[]; companies: ({ key: string } | null)[] };
    company?: { key: string; clientName: string; bukkens: { count: number } | null } | null;
    prefecture?: { name: string; cities: unknown[] } | null;
    railways?: unknown[];
    prefectureRecommendBukkens?: unknown;
    violationMaster?: { kinds: unknown[] };
    cashbackCampaign?: { amountText: string };
    searchBukkens?: {
      result: { bukkenList: (Listing | null)[]; bukkenTotal: { count: number }; pagination: { totalPages: number } };
      searchConditionTexts: { placeText: string };
    };
  } | null;
  errors?: GqlError[];
}

/** The distinct error codes of an answer. */
const codes = (body: Body) => [...new Set((body.errors ?? []).map((e) => e.extensions?.code))];

/** A URL nothing listens on (a port opened then closed). */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}/graphql`;
}

describe.each(testBackends())('a page over a failing subgraph on $name', (backend) => {
  let stack: Stack;
  let globalKey: string;
  let buildingKey: string;
  const gateways: FastifyInstance[] = [];

  /** A gateway over the stack with one subgraph unreachable. */
  async function gatewayWithout(name: SubgraphName): Promise<FastifyInstance> {
    const gateway = await buildGateway({ config: { ...stack.config, subgraphUrls: { ...stack.urls, [name]: await deadUrl() } }, cache: new MemoryCache() });
    await gateway.ready();
    gateways.push(gateway);
    return gateway;
  }
  const run = async (gateway: FastifyInstance, query: string, variables: Record<string, unknown>): Promise<Body> => {
    const res = await gateway.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBeLessThan(500);
    return res.json<Body>();
  };

  beforeAll(async () => {
    stack = await startStack(backend, { listings: 300 });
    const { rows } = await stack.stores.search.pool.query<{ global_key: string }>(`SELECT global_key FROM listing WHERE NOT archived ORDER BY id LIMIT 1`);
    globalKey = rows[0]!.global_key;
    const { rows: buildings } = await stack.stores.bukken.pool.query<{ key: string }>(`SELECT key FROM building ORDER BY id LIMIT 1`);
    buildingKey = buildings[0]!.key;
  }, 600_000);
  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await stack.close();
  });

  it('renders a detail page without its company card when the company subgraph is down', async () => {
    const body = await run(await gatewayWithout('company'), DETAIL, { globalKey });
    expect(body.data?.bukken).toMatchObject({ globalKey, chinryou: expect.any(Number), company: null });
    expect(body.data?.bukken?.conditionCodes).not.toBeNull();
    expect(codes(body)).toEqual(['SERVICE_UNAVAILABLE']);
  });

  it('renders a whole detail page, condition names included, when the search subgraph is down (bukken names the conditions)', async () => {
    const body = await run(await gatewayWithout('search'), DETAIL, { globalKey });
    expect(body.data?.bukken).toMatchObject({ globalKey, company: { key: expect.any(String) } });
    const named = Object.values(body.data?.bukken?.conditionCodes as Record<string, { code: number; name: string }[]>).flat();
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((c) => Number.isInteger(c.code) && c.name.length > 0)).toBe(true);
    expect(body.errors).toBeUndefined();
  });

  it('renders a detail page and a building page, whole and without errors, when the user subgraph is down', async () => {
    // Their queries select nothing of the visitor's (the favorite state comes from the shell kit's keys).
    const gateway = await gatewayWithout('user');
    const detail = await run(gateway, DETAIL, { globalKey });
    expect(detail.errors).toBeUndefined();
    expect(detail.data?.bukken).toMatchObject({ globalKey, company: { key: expect.any(String) } });
    expect(detail.data?.bukken?.recommendations.every((r) => r.name)).toBe(true);
    const building = await run(gateway, BUILDING, { key: buildingKey });
    expect(building.data?.building).toMatchObject({ key: buildingKey, name: expect.any(String) });
  });

  it('keeps a building page, its stores each a null with a notice, when the company subgraph is down', async () => {
    const body = await run(await gatewayWithout('company'), BUILDING, { key: buildingKey });
    expect(body.data?.building).toMatchObject({ key: buildingKey, name: expect.any(String) });
    expect(body.data?.building?.vacancyPlans).toEqual(expect.any(Array));
    expect(body.data?.building?.companies.length).toBeGreaterThan(0);
    expect(body.data?.building?.companies.every((c) => c === null)).toBe(true);
    expect(codes(body)).toEqual(['SERVICE_UNAVAILABLE']);
  });

  it('keeps a results page count and pages when the bukken subgraph is down', async () => {
    const body = await run(await gatewayWithout('bukken'), RESULTS, { prefecturePath: 'tokyo', page: 1, perPage: 30 });
    const result = body.data?.searchBukkens?.result;
    expect(result?.bukkenTotal.count).toBeGreaterThan(0);
    expect(result?.pagination.totalPages).toBeGreaterThan(0);
    expect(result?.bukkenList.length).toBeGreaterThan(0);
    expect(result?.bukkenList.every((b) => b === null)).toBe(true);
    expect(body.data?.searchBukkens?.searchConditionTexts.placeText).toBe('東京都');
  });

  it('keeps a company page without its listings, and a prefecture page without its pickups', async () => {
    const { rows } = await stack.stores.company.pool.query<{ key: string }>(`SELECT key FROM store ORDER BY id LIMIT 1`);
    // The store's listings come from the bukken subgraph (Company.bukkens).
    const company = await run(await gatewayWithout('bukken'), COMPANY, { key: rows[0]!.key, page: 1, sort: 'arrived_at_desc', perPage: 20 });
    expect(company.data).toMatchObject({ company: { key: rows[0]!.key, clientName: expect.any(String), bukkens: null } });
    const whole = await run(await gatewayWithout('search'), COMPANY, { key: rows[0]!.key, page: 1, sort: 'arrived_at_desc', perPage: 20 });
    expect(whole.errors).toBeUndefined();
    expect(whole.data?.company?.bukkens?.count).toEqual(expect.any(Number));
    const prefecture = await run(await gatewayWithout('bukken'), PREFECTURE, { path: 'tokyo' });
    expect(prefecture.data).toMatchObject({ prefecture: { name: '東京都' }, prefectureRecommendBukkens: null });
    expect(prefecture.data?.prefecture?.cities.length).toBeGreaterThan(0);
  });

  it('opens the forms without the search subgraph', async () => {
    const gateway = await gatewayWithout('search');
    const violation = await run(gateway, VIOLATION, {});
    expect(violation.errors).toBeUndefined();
    expect(violation.data?.violationMaster?.kinds.length).toBeGreaterThan(0);
    const cashback = await run(gateway, CASHBACK, {});
    expect(cashback.errors).toBeUndefined();
    expect(cashback.data?.cashbackCampaign?.amountText).toEqual(expect.any(String));
  });

  it('keeps the listing when the company subgraph listener closes', async () => {
    await stack.subgraphs.company.close();
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: DETAIL, variables: { globalKey } },
      headers: { 'content-type': 'application/json' },
    });
    const body = res.json<Body>();
    expect(body.data?.bukken).toMatchObject({ globalKey, company: null });
    expect(codes(body)).toEqual(['SERVICE_UNAVAILABLE']);
    // The message is the generic one: it names no service, host or URL.
    expect(body.errors?.map((e) => `${e.message} ${JSON.stringify(e.extensions)}`).join()).not.toMatch(/company|subgraph|127\.0\.0\.1|http/i);
  });
});
