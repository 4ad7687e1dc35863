import { createHash } from 'node:crypto';
import { DEFAULT_MESSAGES } from '@sumika/server-kit';
import { storeIdOf } from '@sumika/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { renderStorefront } from '../images/storefront.js';
import type { DB } from '../repositories/db.js';
import { findStoresByKeys } from '../repositories/stores.js';

const NOT_FOUND_BODY = { errorCode: 'NOT_FOUND', message: DEFAULT_MESSAGES.NOT_FOUND };

/** True when an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * Serves each store's generated storefront (店舗外観) as SVG. The picture is a pure function
 * of the store row, so responses carry a strong ETag and a day-long cache lifetime.
 */
export default fp(
  async function images(app: FastifyInstance, opts: { db: Kysely<DB> }) {
    app.get<{ Params: { key: string } }>('/images/company/:key/storefront.svg', async (req, reply) => {
      const { key } = req.params;
      // Malformed keys cannot exist, so skip the query.
      const store = storeIdOf(key) === undefined ? undefined : (await findStoresByKeys(opts.db, [key]))[0];
      if (!store) return reply.code(404).send(NOT_FOUND_BODY);
      const svg = renderStorefront({ key: store.key, clientName: store.clientName, companyName: store.companyName });
      const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    });
  },
  { name: 'company-images' },
);
