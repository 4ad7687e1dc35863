import depthLimit from 'graphql-depth-limit';
import { createComplexityRule, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';
import { GraphQLError, type ValidationRule } from 'graphql';

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
