import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { request } from 'undici';
import { DEFAULT_MESSAGES, outgoingTraceparent, type TokenSigner } from '@sumika/server-kit';

export const UID_COOKIE = '_uid';
/** Two years: the visitor keeps favorites and saved searches across long house hunts. */
export const UID_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;
/** 128 random bits, hex. */
const UID_PATTERN = /^[0-9a-f]{32}$/;
/** Service-to-service callers (the user subgraph's alert scans) identify themselves and stay anonymous. */
export const SERVICE_CLIENT_HEADER = 'x-sumika-client';

export interface Visitor {
  /** The verified visitor id; absent for anonymous service calls. */
  uid?: string;
  /** True on the request that minted `uid`. */
  fresh: boolean;
  ip: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    visitor: Visitor;
  }
}

const isLocalHost = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1' || host.endsWith('.localhost');

export function uidCookieOptions(req: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: !isLocalHost(req.hostname), signed: true, maxAge: UID_MAX_AGE_SECONDS };
}

/** Drops `_uid` so the next request starts a fresh identity. */
export function clearUid(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(UID_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: !isLocalHost(req.hostname) });
}

const identityPaths = (url: string) => url.startsWith('/graphql') || url.startsWith('/api/v4_1/');

export function userIdErrorBody(url: string) {
  const message = DEFAULT_MESSAGES.USER_ID_ERROR;
  return url.startsWith('/api/') ? { errorCode: 'USER_ID_ERROR', message } : { errors: [{ message, extensions: { code: 'USER_ID_ERROR' } }] };
}

/**
 * Visitor identity: `_uid` is an unguessable id in a signed, HttpOnly, SameSite=Lax cookie.
 * A first visit mints one and registers the visitor with the user subgraph; a forged or
 * tampered cookie is USER_ID_ERROR (400) and is cleared, so the next request starts fresh.
 * The uid reaches subgraphs only inside the gateway's signed token.
 */
export default fp(
  async function identity(app: FastifyInstance, opts: { sign: TokenSigner }) {
    app.decorateRequest('visitor', null as unknown as Visitor);

    const register = async (uid: string, ip: string, req: FastifyRequest) => {
      const { log } = req;
      const url = app.supergraph.subgraphUrls().user;
      if (!url) return;
      try {
        const res = await request(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${await opts.sign({ uid, fresh: true, ip })}`,
            traceparent: outgoingTraceparent(req),
          },
          body: JSON.stringify({ query: 'mutation RegisterVisitor { registerVisitor { uid } }' }),
          headersTimeout: 2000,
          bodyTimeout: 2000,
        });
        const body = (await res.body.json()) as { errors?: unknown[] };
        if (res.statusCode !== 200 || body.errors) log.warn({ status: res.statusCode, errors: body.errors }, 'visitor registration failed');
      } catch (err) {
        // The token still says `fresh` for this request, so the user subgraph creates the record on first use.
        log.warn({ err }, 'visitor registration failed');
      }
    };

    app.addHook('onRequest', async (req, reply) => {
      req.visitor = { fresh: false, ip: req.clientIp };
      if (!identityPaths(req.url)) return;
      const raw = req.cookies[UID_COOKIE];
      if (raw !== undefined) {
        const unsigned = req.unsignCookie(raw);
        if (!unsigned.valid || !unsigned.value || !UID_PATTERN.test(unsigned.value)) {
          req.log.info({ code: 'USER_ID_ERROR' }, 'forged or tampered _uid');
          clearUid(req, reply);
          return reply.code(400).send(userIdErrorBody(req.url));
        }
        req.visitor.uid = unsigned.value;
        return;
      }
      if (req.headers[SERVICE_CLIENT_HEADER]) return;
      const uid = randomBytes(16).toString('hex');
      req.visitor = { uid, fresh: true, ip: req.clientIp };
      reply.setCookie(UID_COOKIE, uid, uidCookieOptions(req));
      await register(uid, req.clientIp, req);
    });
  },
  // Registered before the GraphQL routes so its hook runs for them; app.supergraph is read per request.
  { name: 'identity', dependencies: ['cookies', 'shell-client'] },
);
