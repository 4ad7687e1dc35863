import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import {
  costTableOf,
  MAX_SOURCE_NESTING,
  operationCost,
  sourceNesting,
  tooCostly,
  tooDeep,
  tooNested,
  type CostTable,
  type OperationCost,
} from '@sumika/server-kit';

/** A list field no subgraph declared a size for counts as this many items (STYLE 16: declare yours). */
export const DEFAULT_LIST_SIZE = 100;

export interface QueryLimits {
  maxCost: number;
  maxDepth: number;
  /** Most tokens a document may have (graphql's parser stops there): bounds parse and validation work. */
  maxTokens: number;
}

/** The `@listSize` / `@cost` declarations of every subgraph, as composed into the supergraph. */
export function costTableOfSupergraph(supergraphSdl: string): CostTable {
  return costTableOf(parse(supergraphSdl));
}

/** Prices an operation against the supergraph's declarations (also what the calibration test uses). */
export function priceOperation(
  schema: GraphQLSchema,
  table: CostTable,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string | null,
): OperationCost {
  return operationCost({ schema, document, table, variables, operationName, defaultListSize: DEFAULT_LIST_SIZE });
}

/** A client's mistake found while pricing (a bad variable, an unknown operation): 400 BAD_REQUEST. */
function asClientError(err: unknown): GraphQLError {
  const e = err instanceof GraphQLError ? err : new GraphQLError(String((err as Error)?.message ?? err));
  const code = typeof e.extensions?.code === 'string' ? e.extensions.code : 'BAD_REQUEST';
  return new GraphQLError(e.message, { extensions: { ...e.extensions, code, http: { status: 400 } } });
}

/**
 * Depth and cost limits, checked once the operation is resolved and before any subgraph is
 * called, with the request's variables (page sizes usually arrive as variables). Subscriptions are
 * refused here too: the supergraph serves none.
 */
export function limitsPlugin<Ctx extends object>(limits: QueryLimits, table: () => CostTable): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document, schema, operationName, operation }) {
          if (operation?.operation === 'subscription') {
            throw new GraphQLError('subscription は提供していません。', {
              extensions: { code: 'BAD_REQUEST', reason: 'SUBSCRIPTION_NOT_SUPPORTED', http: { status: 400 } },
            });
          }
          let priced: OperationCost;
          try {
            priced = priceOperation(schema, table(), document as DocumentNode, request.variables ?? {}, operationName);
          } catch (err) {
            throw asClientError(err);
          }
          if (priced.depth > limits.maxDepth) throw tooDeep(priced.depth, limits.maxDepth);
          if (priced.cost > limits.maxCost) throw tooCostly(priced.cost, limits.maxCost);
        },
      };
    },
  };
}

/**
 * Refuses a document whose brackets nest deeper than {@link MAX_SOURCE_NESTING} before Apollo parses
 * it: the recursive-descent parser could exhaust the stack on `[[[[…` before `maxTokens` stops it.
 */
export async function refuseDeeplyNestedDocument(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const query = (req.body as { query?: unknown } | undefined)?.query ?? (req.query as { query?: unknown } | undefined)?.query;
  if (typeof query !== 'string' || sourceNesting(query) <= MAX_SOURCE_NESTING) return;
  const { message, extensions } = tooNested();
  await reply.code(400).send({ errors: [{ message, extensions: { code: extensions.code, reason: extensions.reason } }] });
}
