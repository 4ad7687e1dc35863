import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { ERROR_LOG_LEVEL, isErrorCode, LOGGED_ERRORS_MAX, loggedMessage } from '@sumika/server-kit';
import { clearUid } from '../plugins/identity.js';
import type { GatewayContext } from './context.js';
import { CLIENT_CODES } from './errors.js';

const SEVERITY = ['debug', 'info', 'warn', 'error'] as const;

/**
 * Every operation: its errors logged at their code's level, subgraphs' set-cookie headers passed to
 * the visitor, the HTTP status of a refused request, and its duration in the metrics.
 */
export function observePlugin(app: FastifyInstance): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart(requestContext) {
      const started = performance.now();
      return {
        async didEncounterErrors({ errors }) {
          // Messages cut and errors past the first ten counted: a client's input must not size the logs.
          for (const err of errors.slice(0, LOGGED_ERRORS_MAX)) {
            const code = err.extensions?.code;
            const level = isErrorCode(code) ? ERROR_LOG_LEVEL[code] : 'error';
            app.log[level](
              { code, service: err.extensions?.serviceName, message: loggedMessage(err.message), path: err.path, locations: err.locations },
              'graphql error',
            );
          }
          if (errors.length > LOGGED_ERRORS_MAX) {
            const rest = errors.slice(LOGGED_ERRORS_MAX).map((e) => e.extensions?.code);
            // The line takes the most severe level of what it counts.
            const level = rest
              .map((c) => (isErrorCode(c) ? ERROR_LOG_LEVEL[c] : 'error'))
              .reduce((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a));
            app.log[level]({ more: rest.length, codes: [...new Set(rest.map(String))] }, 'graphql errors not logged one by one');
          }
        },
        async willSendResponse({ response, contextValue }) {
          const ctx = contextValue as GatewayContext;
          // Subgraph set-cookie headers (A/B, favorite_dialog_restriction) reach the visitor.
          for (const cookie of ctx.setCookies ?? []) ctx.reply?.header('set-cookie', cookie);
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          if (errors.some((e) => e.extensions?.code === 'USER_ID_ERROR')) {
            // The cookie names no known visitor: 400, and the next request starts a fresh identity.
            if (ctx.reply) clearUid(ctx.reply.request, ctx.reply);
            if (errors[0]?.extensions?.code === 'USER_ID_ERROR') response.http.status = 400;
          }
          // A refused request (no data, only client errors) is a 400 even where Apollo's gateway raised it late.
          const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
          if (result && !result.data && errors.length > 0 && errors.every((e) => CLIENT_CODES.has(String(e.extensions?.code)))) {
            response.http.status = 400;
          }
          const failed = response.body.kind === 'single' && (response.body.singleResult.errors?.length ?? 0) > 0;
          app.metrics.operationDuration
            .labels(requestContext.request.operationName ?? 'anonymous', failed ? 'error' : 'ok')
            .observe((performance.now() - started) / 1000);
        },
      };
    },
  };
}
