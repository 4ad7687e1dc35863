import { createRequire } from 'node:module';
import depthLimit from 'graphql-depth-limit';
import type * as QueryComplexity from 'graphql-query-complexity';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import { GraphQLError, type ValidationRule } from 'graphql';

// graphql-query-complexity's ESM build imports graphql/index.mjs while everything else here
// (Apollo Server, our code) resolves graphql's CommonJS main: two graphql realms, and the rule
// silently estimated nothing. Its CommonJS build shares our graphql instance.
const { createComplexityRule, simpleEstimator } = createRequire(import.meta.url)('graphql-query-complexity') as typeof QueryComplexity;

/** List fields cost their page size times what each item asks for. */
const pageSizeEstimator: ComplexityEstimator = ({ args, childComplexity }) => {
  const size = [args.perPage, args.limit, args.first].find((v): v is number => typeof v === 'number');
  return size === undefined ? undefined : 1 + childComplexity * Math.max(1, size);
};

/** Depth and cost limits; both fail validation with BAD_REQUEST and a clear message. */
export function limitRules(maxDepth: number, maxCost: number): ValidationRule[] {
  return [
    depthLimit(maxDepth),
    createComplexityRule({
      maximumComplexity: maxCost,
      estimators: [pageSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
      createError: (max, actual) =>
        new GraphQLError(`クエリが複雑すぎます (cost ${actual} > ${max})。`, { extensions: { code: 'BAD_REQUEST' } }),
    }),
  ];
}
