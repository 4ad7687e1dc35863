import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, DEFAULT_MESSAGES, ERROR_STATUS, isErrorCode } from '@sumika/server-kit';
import { inputRuleError, restInputProblem } from '../input-rules.js';
import { CLIENT_ERROR_CODES } from '../federation/errors.js';
import { variablesFromQuery } from '../rest/coerce.js';
import { REST_OPERATIONS, type RestOperation } from '../rest/operations.js';

export const REST_PREFIX = '/api/v4_1';

/** SPEC §8 gives OVER_LIMIT no status: the REST answer carries it on 200. */
const OVER_LIMIT_STATUS = 200;

/** SPEC §3 API error: errorCode and message; the status from the first code (SPEC §8). */
function sendError(reply: FastifyReply, code: unknown, message: string | undefined) {
  if (isErrorCode(code)) return reply.code(ERROR_STATUS[code] ?? OVER_LIMIT_STATUS).send({ errorCode: code, message: message ?? DEFAULT_MESSAGES[code] });
  // Apollo's own client-error codes (a variable it cannot coerce, …) are the client's fault: 400, never 500.
  if (typeof code === 'string' && (CLIENT_ERROR_CODES.has(code) || code === 'QUERY_TOO_COSTLY'))
    return reply.code(400).send({ errorCode: 'BAD_REQUEST', message: DEFAULT_MESSAGES.BAD_REQUEST });
  return reply.code(500).send({ errorCode: 'INTERNAL_SERVER_ERROR', message: DEFAULT_MESSAGES.INTERNAL_SERVER_ERROR });
}

async function run(app: FastifyInstance, op: RestOperation, req: FastifyRequest, reply: FastifyReply) {
  // The gateway's one input rule, before the parameters become variables.
  const problem = restInputProblem(req.query, req.body);
  if (problem) return sendError(reply, 'BAD_REQUEST', inputRuleError(problem).message);
  let variables: Record<string, unknown>;
  try {
    if (op.method === 'GET') variables = variablesFromQuery(op.query, req.query as Record<string, string | string[]>);
    else {
      // CSRF: writes need a JSON body, which a cross-site form cannot send without a preflight.
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return sendError(reply, 'BAD_REQUEST', 'Content-Type: application/json が必要です。');
      }
      variables = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    }
  } catch (err) {
    if (err instanceof AppError) return sendError(reply, err.code, err.message);
    throw err;
  }
  const res = await app.supergraph.execute(req, reply, op.query, variables);
  for (const [name, value] of res.headers) if (name === 'x-cache') reply.header(name, value);
  const first = res.result.errors?.[0];
  if (first) return sendError(reply, first.extensions?.code, first.message);
  const data = res.result.data ?? {};
  return reply.code(200).send(op.pick ? op.pick(data) : data);
}

/** /api/v4_1/*: thin routes, each a fixed GraphQL operation through the gateway (SPEC §7.2). */
export default fp(
  async function rest(app: FastifyInstance) {
    // Repeated keys arrive as arrays from fastify's query-string parser.
    await app.register(async (scope) => {
      // Body-parsing failures (not JSON, malformed JSON, too large) answer in the REST error shape too.
      scope.setErrorHandler((err: FastifyError, req, reply) => {
        if ((err.statusCode ?? 500) < 500) return sendError(reply, 'BAD_REQUEST', DEFAULT_MESSAGES.BAD_REQUEST);
        req.log.error({ err }, 'REST path failed');
        return sendError(reply, undefined, undefined);
      });
      for (const op of REST_OPERATIONS) {
        scope.route({ method: op.method, url: `${REST_PREFIX}/${op.path}`, handler: (req, reply) => run(app, op, req, reply) });
      }
    });
    app.get(`${REST_PREFIX}/healthz`, (_req, reply) => reply.code(200).send({ status: 'ok' }));
    app.get(`${REST_PREFIX}/readyz`, async (_req, reply) => {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      return reply.code(res.statusCode).header('content-type', 'application/json').send(res.body);
    });
  },
  { name: 'rest', dependencies: ['apollo-gateway', 'identity', 'health'] },
);
