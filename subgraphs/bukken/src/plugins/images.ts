import { createHash } from 'node:crypto';
import { DEFAULT_MESSAGES } from '@sumika/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { renderExterior, renderFloorPlan, type BuildingType } from '../images/index.js';
import type { DB } from '../repositories/db.js';
import { findImageSource } from '../repositories/image-source.js';

export const IMAGE_KINDS = ['madori', 'gaikan'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

const BUILDING_IMAGE: Record<number, BuildingType> = { 1: 'mansion', 2: 'apartment', 3: 'house', 4: 'terrace' };

/** The public URL of a listing's generated image. */
export function imagePath(globalKey: string, kind: ImageKind): string {
  return `/images/bukken/${encodeURIComponent(globalKey)}/${kind}.svg`;
}

/**
 * Serves each listing's generated floor plan (間取り図) and exterior (外観) as SVG. Output is a
 * pure function of the listing, so responses carry a strong ETag and a long cache lifetime.
 */
export default fp(
  async function images(app: FastifyInstance, opts: { db: Kysely<DB> }) {
    app.get<{ Params: { globalKey: string; kind: string } }>('/images/bukken/:globalKey/:kind', async (req, reply) => {
      const kind = req.params.kind.replace(/\.svg$/, '');
      if (!req.params.kind.endsWith('.svg') || !(IMAGE_KINDS as readonly string[]).includes(kind)) {
        return reply.code(400).send({ errorCode: 'BAD_REQUEST', message: DEFAULT_MESSAGES.BAD_REQUEST });
      }
      const source = await findImageSource(opts.db, req.params.globalKey);
      if (!source) return reply.code(404).send({ errorCode: 'NOT_FOUND', message: DEFAULT_MESSAGES.NOT_FOUND });
      const svg =
        kind === 'madori'
          ? renderFloorPlan({ seed: source.imageSeed, plan: source.plan, area: source.area, aspect: source.aspect })
          : renderExterior({
              seed: source.imageSeed,
              buildingType: BUILDING_IMAGE[source.buildingType] ?? 'mansion',
              floors: source.floors,
              struct: source.struct,
              builtYear: source.builtYear,
            });
      const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    });
  },
  { name: 'bukken-images' },
);
