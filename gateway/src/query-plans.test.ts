/**
 * Subgraph fetches per page operation (issue 15): every operation the site sends is planned over
 * the gateway's real supergraph, the table of fetch counts is printed, and a page above its limit fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { operationFromDocument, Supergraph } from '@apollo/federation-internals';
import { QueryPlanner, type PlanNode, type SubscriptionNode } from '@apollo/query-planner';
import { repoRoot } from '@sumika/server-kit';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { privateFieldsOf, sharedAnswer } from './response-cache.js';
import { pageOperations } from './testing/documents.js';

/**
 * Most fetches a plan may make, by operation id: each capped at its count when measured (the issue's
 * targets were detail 4, results 3, top 2; the cards' public split took detail to 2; the building page's
 * stores, issue 17, took building to 2 and the store's own listings company to 2; its campuses nearby, from the search
 * subgraph beside the stores, to 3), so any regression shows.
 */
const FETCH_LIMITS: Record<string, number> = {
  'mf-detail/src/features/detail/api/bukken-detail.ts#BUKKEN_DETAIL': 2,
  'mf-search/src/features/results/api/search-bukkens.ts#SEARCH_BUKKENS': 2,
  'mf-search/src/features/top/api/search-top-page.ts#SEARCH_TOP_PAGE': 2,
  'mf-search/src/features/prefecture/api/search-prefecture-page.ts#SEARCH_PREFECTURE_PAGE': 3,
  'mf-search/src/features/topic/api/search-topic-page.ts#SEARCH_TOPIC_PAGE': 3,
  'mf-detail/src/features/building/api/building-detail.ts#BUILDING_DETAIL': 3,
  'mf-detail/src/features/company/api/company-detail.ts#COMPANY_DETAIL': 2,
  'mf-user/src/features/favorites/api/user-favorites.ts#USER_FAVORITES': 3,
  'mf-forms/src/features/apply/api/apply-page-data.ts#APPLY_PAGE_DATA': 3,
};
/** Every other operation (fragments of a page, small personal queries, mutations, REST paths). */
const OTHER_LIMIT = 3;

function fetchCount(node: PlanNode | SubscriptionNode | undefined): number {
  if (!node) return 0;
  switch (node.kind) {
    case 'Fetch':
      return 1;
    case 'Sequence':
    case 'Parallel':
      return node.nodes.reduce((n, child) => n + fetchCount(child), 0);
    case 'Flatten':
      return fetchCount(node.node);
    case 'Defer':
      return fetchCount(node.primary.node) + node.deferred.reduce((n, d) => n + fetchCount(d.node), 0);
    case 'Condition':
      return fetchCount(node.ifClause) + fetchCount(node.elseClause);
    case 'Subscription':
      return fetchCount(node.primary) + fetchCount(node.rest);
  }
}

const supergraphSdl = readFileSync(path.join(repoRoot(), 'gateway', 'supergraph.graphql'), 'utf8');
const supergraph = Supergraph.build(supergraphSdl);
const planner = new QueryPlanner(supergraph);
const counts = pageOperations().map((op) => ({
  id: op.id,
  fetches: fetchCount(planner.buildQueryPlan(operationFromDocument(supergraph.schema, op.document)).node),
}));

test('prints the subgraph fetch count of every page operation', () => {
  console.log(['fetches  operation', ...counts.map((c) => `${String(c.fetches).padStart(7)}  ${c.id}`)].join('\n'));
  // Every named limit is an operation the site really sends (a renamed document must not pass silently).
  expect(Object.keys(FETCH_LIMITS).filter((id) => !counts.some((c) => c.id === id))).toEqual([]);
});

test.each(counts)('$id: $fetches fetches, within its limit', ({ id, fetches }) => {
  expect(fetches).toBeGreaterThan(0);
  expect(fetches).toBeLessThanOrEqual(FETCH_LIMITS[id] ?? OTHER_LIMIT);
});

/**
 * Pages whose data is the same for every visitor (issue 15, public/personal split): their operation
 * must stay cacheable across visitors — no per-visitor field (e.g. `Bukken.favorited`) in it.
 */
const SHARED_PAGES = [
  'mf-search/src/features/results/api/search-bukkens.ts#SEARCH_BUKKENS',
  'mf-search/src/features/top/api/search-top-page.ts#SEARCH_TOP_PAGE',
  'mf-search/src/features/prefecture/api/search-prefecture-page.ts#SEARCH_PREFECTURE_PAGE',
  'mf-search/src/features/topic/api/search-topic-page.ts#SEARCH_TOPIC_PAGE',
  'mf-detail/src/features/detail/api/bukken-detail.ts#BUKKEN_DETAIL',
  'mf-detail/src/features/building/api/building-detail.ts#BUILDING_DETAIL',
  'mf-detail/src/features/company/api/company-detail.ts#COMPANY_DETAIL',
];

test.each(SHARED_PAGES)('%s: one cached answer for every visitor', (id) => {
  const op = pageOperations().find((o) => o.id === id);
  expect(op).toBeDefined();
  const schema = supergraph.apiSchema().toGraphQLJSSchema();
  const operation = op!.document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  expect(sharedAnswer(schema, op!.document, operation, privateFieldsOf(supergraphSdl))).toBe(true);
});

test('a personal page operation is never shared', () => {
  const op = pageOperations().find((o) => o.id === 'mf-user/src/features/favorites/api/user-favorites.ts#USER_FAVORITES')!;
  const operation = op.document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  expect(sharedAnswer(supergraph.apiSchema().toGraphQLJSSchema(), op.document, operation, privateFieldsOf(supergraphSdl))).toBe(false);
});
