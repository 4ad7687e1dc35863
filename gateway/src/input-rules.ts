import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type DocumentNode } from 'graphql';
import { documentProblem, inputError, inputProblem, type InputProblem } from '@sumika/server-kit';

/**
 * The gateway's one input rule (the kit's, which every subgraph applies again): no control
 * characters in any string, no JSON nested past the kit's depth. GraphQL variables and literals
 * go through the plugin below; REST query strings and bodies through `restInputProblem` before
 * they become variables.
 */
export { inputProblem, documentProblem, type InputProblem };

/** The problem as a GraphQL error the client gets: BAD_REQUEST, HTTP 400. */
export function inputRuleError(problem: InputProblem): GraphQLError {
  const err = inputError(problem);
  return new GraphQLError(err.message, { extensions: { ...err.extensions, http: { status: 400 } } });
}

/** Checks every operation's variables and string literals (REST's fixed operations included) before it runs. */
export function inputRulesPlugin<Ctx extends object>(): ApolloServerPlugin<Ctx> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          const problem = inputProblem(request.variables ?? {}, undefined, '$variables') ?? documentProblem(document as DocumentNode);
          if (problem) throw inputRuleError(problem);
        },
      };
    },
  };
}

/** REST: the query string and the JSON body, before they are turned into variables. */
export function restInputProblem(query: unknown, body: unknown): InputProblem | undefined {
  return inputProblem(query ?? {}, undefined, '$query') ?? inputProblem(body ?? {}, undefined, '$body');
}
