import { createRequire } from 'node:module';
import type { ApolloServerPlugin } from '@apollo/server';
import depthLimit from 'graphql-depth-limit';
import type * as QueryComplexity from 'graphql-query-complexity';
import type { ComplexityEstimator } from 'graphql-query-complexity';
import { GraphQLError, type DocumentNode, type ValidationRule } from 'graphql';

// graphql-query-complexity's ESM build imports graphql/index.mjs while everything else here
// (Apollo Server, our code) resolves graphql's CommonJS main: two graphql realms, and the rule
// silently estimated nothing. Its CommonJS build shares our graphql instance.
const { getComplexity, simpleEstimator } = createRequire(import.meta.url)('graphql-query-complexity') as typeof QueryComplexity;

/** List fields cost their page size times what each item asks for. */
const pageSizeEstimator: ComplexityEstimator = ({ args, childComplexity }) => {
  const size = [args.perPage, args.limit, args.first].find((v): v is number => typeof v === 'number');
  return size === undefined ? undefined : 1 + childComplexity * Math.max(1, size);
};

const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });

/** The depth limit, a validation rule (it needs no variables). */
export function depthRules(maxDepth: number): ValidationRule[] {
  return [depthLimit(maxDepth)];
}

/**
 * The cost limit. It runs once the operation is resolved, with the request's variables:
 * page sizes usually arrive as variables, and as a validation rule (which gets no variables)
 * every required variable would read as missing.
 */
export function costLimitPlugin<Ctx extends object>(maxCost: number): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operationName }) {
          let cost: number;
          try {
            cost = getComplexity({
              schema,
              query: document as DocumentNode,
              variables: request.variables ?? {},
              ...(operationName ? { operationName } : {}),
              estimators: [pageSizeEstimator, simpleEstimator({ defaultComplexity: 1 })],
            });
          } catch (err) {
            throw badRequest((err as Error).message);
          }
          if (cost > maxCost) throw badRequest(`クエリが複雑すぎます (cost ${cost} > ${maxCost})。`);
        },
      };
    },
  };
}
