import { createHash } from 'node:crypto';
import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
import {
  Kind,
  parse,
  print,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  BREAK,
  getNamedType,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Cache } from '@sumika/server-kit';

/** Root fields whose answers are the same for every visitor (master data, searches, counts). */
export const PUBLIC_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'regions',
  'prefectures',
  'prefecture',
  'city',
  'cities',
  'towns',
  'railways',
  'line',
  'stations',
  'stationSuggests',
  'nminStations',
  'specials',
  'specialInfo',
  'madoriInfo',
  'conditions',
  'searchMaster',
  'institutes',
  'campus',
  'nearStationsForCampusBukkenCounts',
  'cityLivability',
  'stationLivability',
  'sitemapTop',
  'sitemapPrefecture',
  'sitemapCity',
  'sitemapTown',
  'archiveCities',
  'archiveLineStations',
  'archiveList',
  'searchParameter',
  'searchConditionTexts',
  'searchBukkens',
  'searchBukkensCount',
  'searchBukkensPreview',
  'bukkensByCompany',
  'specialRecommendBukkens',
  'mapInfo',
  'mapBukkens',
  'prefectureRecommendBukkens',
  'laterPaymentCompanies',
  'awards',
  'bukken',
  'bukkens',
  'building',
  'compareBukkens',
  'company',
  'companies',
  'usersInquiryMaster',
  'violationMaster',
  'inboundInquiryMaster',
  'applyMaster',
  'nminStations',
  '__typename',
]);

const GENERATION_KEY = 'rc:generation';

/**
 * Sorts object keys and drops empty values (SPEC §5: empty entries are removed), so equivalent
 * variables share one entry. Lists keep their order: `bukkens(globalKeys: [a, b])` answers in that
 * order, so `[b, a]` is another answer (STYLE 18).
 */
export function normaliseVariables(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normaliseVariables).filter((v) => v !== undefined);
    return items.length === 0 ? undefined : items;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = normaliseVariables((value as Record<string, unknown>)[key]);
      if (v !== undefined) out[key] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
  if (value === null || value === undefined || value === '') return undefined;
  return value;
}

/** Graphs whose answers depend on the visitor: anything they resolve is never cached, nor shared between visitors. */
const PRIVATE_GRAPHS = new Set(['USER']);

/** True for a subgraph (by its service name, e.g. `user`) whose answers depend on the visitor. */
export function isPrivateGraph(name: string): boolean {
  return PRIVATE_GRAPHS.has(name.toUpperCase());
}

/**
 * `Type.field` coordinates resolved only by per-visitor graphs (the user subgraph's
 * `Bukken.favorited`, `User.*`, …), read from the supergraph's join directives.
 */
export function privateFieldsOf(supergraphSdl: string): Set<string> {
  const out = new Set<string>();
  const graphArg = (d: { arguments?: readonly { name: { value: string }; value: { kind: string; value?: unknown } }[] }, name: string) =>
    d.arguments?.find((a) => a.name.value === name)?.value;
  for (const def of parse(supergraphSdl).definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const typeGraphs = new Set(
      (def.directives ?? []).filter((d) => d.name.value === 'join__type').map((d) => String((graphArg(d, 'graph') as { value?: string })?.value)),
    );
    for (const field of def.fields ?? []) {
      const joins = (field.directives ?? []).filter((d) => d.name.value === 'join__field');
      const graphs = joins.length
        ? joins
            .filter((d) => (graphArg(d, 'external') as { value?: boolean } | undefined)?.value !== true)
            .map((d) => String((graphArg(d, 'graph') as { value?: string })?.value))
        : [...typeGraphs];
      if (graphs.length > 0 && graphs.every((g) => PRIVATE_GRAPHS.has(g))) out.add(`${def.name.value}.${field.name.value}`);
    }
  }
  return out;
}

// Apollo keeps one parsed document per query text, so the walk below runs once per query and field set.
const privateVerdicts = new WeakMap<ReadonlySet<string>, WeakMap<DocumentNode, boolean>>();

/** True when the document selects any per-visitor field (through fragments too); remembered per document. */
function selectsPrivate(schema: GraphQLSchema, document: DocumentNode, privateFields: ReadonlySet<string>): boolean {
  if (privateFields.size === 0) return false;
  let verdicts = privateVerdicts.get(privateFields);
  if (!verdicts) privateVerdicts.set(privateFields, (verdicts = new WeakMap()));
  const known = verdicts.get(document);
  if (known !== undefined) return known;
  const typeInfo = new TypeInfo(schema);
  let found = false;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (parent && privateFields.has(`${getNamedType(parent).name}.${node.name.value}`)) {
          found = true;
          return BREAK;
        }
        return undefined;
      },
    }),
  );
  verdicts.set(document, found);
  return found;
}

function isPublic(operation: OperationDefinitionNode): boolean {
  if (operation.operation !== 'query') return false;
  return operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_ROOT_FIELDS.has(s.name.value));
}

/**
 * True when one cached answer serves every visitor: a query of public root fields that selects no
 * per-visitor field (`privateFieldsOf`). A page whose query is shared costs the subgraphs nothing
 * while its entry lives (issue 15: the cards' favorite state comes from the visitor's keys instead).
 */
export function sharedAnswer(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, privateFields: ReadonlySet<string>): boolean {
  return isPublic(operation) && !selectsPrivate(schema, document, privateFields);
}

// The document's canonical print, hashed: one entry whatever the query text's layout (browsers send
// a compact print, Node clients graphql's pretty one). Apollo keeps one parsed document per query
// text, so each text is printed once, not on every request.
const documentKeys = new WeakMap<DocumentNode, string>();
function documentKey(document: DocumentNode): string {
  let key = documentKeys.get(document);
  if (key === undefined) {
    key = createHash('sha256').update(print(document)).digest('base64url');
    documentKeys.set(document, key);
  }
  return key;
}

export interface ResponseCache {
  plugin: ApolloServerPlugin<{ cacheKey?: string }>;
  /** Drops every cached response (a new generation; old entries expire on their own). */
  invalidate(): Promise<void>;
}

/**
 * Caches whole responses of public queries in Redis (or the in-process stand-in), keyed by
 * the printed document and normalised variables. Responses with errors are never cached.
 */
export function responseCache(cache: Cache, ttlSeconds: number, privateFields: () => ReadonlySet<string> = () => new Set()): ResponseCache {
  let generation: { value: string; at: number } | undefined;
  const currentGeneration = async (): Promise<string> => {
    // Read the generation at most once a second per process: invalidation spreads within 1 s.
    if (!generation || Date.now() - generation.at > 1000) generation = { value: (await cache.get(GENERATION_KEY)) ?? '0', at: Date.now() };
    return generation.value;
  };
  return {
    async invalidate() {
      await cache.incrBy(GENERATION_KEY, 1);
      generation = undefined;
    },
    plugin: {
      async requestDidStart() {
        return {
          async responseForOperation(ctx: GraphQLRequestContext<{ cacheKey?: string }>) {
            if (ttlSeconds <= 0) return null; // RESPONSE_CACHE_TTL=0 turns the cache off (benchmarks)
            if (!ctx.operation || !sharedAnswer(ctx.schema, ctx.document as DocumentNode, ctx.operation, privateFields())) return null;
            // Shared by every visitor: say so to HTTP caches (a CDN's): Apollo's cache-control
            // plugin writes `max-age=<ttl>, public` when the answer has no errors, `no-store` otherwise.
            ctx.overallCachePolicy.replace({ maxAge: ttlSeconds, scope: 'PUBLIC' });
            const variables = JSON.stringify(normaliseVariables(ctx.request.variables ?? {}) ?? {});
            const hash = createHash('sha256')
              .update(documentKey(ctx.document as DocumentNode))
              .update('\u0000')
              .update(variables)
              .digest('base64url');
            const key = `rc:${await currentGeneration()}:${hash}`;
            const hit = await cache.get(key);
            if (hit) {
              ctx.response.http.headers.set('x-cache', 'HIT');
              return { http: ctx.response.http, body: { kind: 'single', singleResult: JSON.parse(hit) as Record<string, unknown> } };
            }
            ctx.contextValue.cacheKey = key;
            ctx.response.http.headers.set('x-cache', 'MISS');
            return null;
          },
          async willSendResponse(ctx) {
            const key = ctx.contextValue.cacheKey;
            if (!key || ctx.response.body.kind !== 'single') return;
            const result = ctx.response.body.singleResult;
            if (result.errors?.length || !result.data) return;
            await cache.set(key, JSON.stringify({ data: result.data }), ttlSeconds);
          },
        };
      },
    },
  };
}
