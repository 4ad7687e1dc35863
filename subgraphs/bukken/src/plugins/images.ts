import { createHash } from 'node:crypto';
import { DEFAULT_MESSAGES } from '@sumika/server-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { renderBath, renderEntrance, renderExterior, renderFloorPlan, renderKitchen, renderView, type BuildingType, type RoomInput } from '../images/index.js';
import type { DB } from '../repositories/db.js';
import { findImageSource, type ImageSource } from '../repositories/image-source.js';

/** Every generated image of a listing, in the gallery's order. */
export const IMAGE_KINDS = ['gaikan', 'madori', 'entrance', 'kitchen', 'bath', 'view'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];
/** Each kind's Japanese name (the gallery's alt text and label). */
export const IMAGE_LABELS: Readonly<Record<ImageKind, string>> = {
  gaikan: '外観',
  madori: '間取り図',
  entrance: '玄関',
  kitchen: 'キッチン',
  bath: 'バス・トイレ',
  view: '眺望',
};
const isImageKind = (kind: string): kind is ImageKind => (IMAGE_KINDS as readonly string[]).includes(kind);

const BUILDING_IMAGE: Record<number, BuildingType> = { 1: 'mansion', 2: 'apartment', 3: 'house', 4: 'terrace' };

/** The public URL of a listing's generated image. */
export function imagePath(globalKey: string, kind: ImageKind): string {
  return `/images/bukken/${encodeURIComponent(globalKey)}/${kind}.svg`;
}

function render(kind: ImageKind, source: ImageSource): string {
  if (kind === 'madori') return renderFloorPlan({ seed: source.imageSeed, plan: source.plan, area: source.area, aspect: source.aspect });
  if (kind === 'gaikan') {
    return renderExterior({
      seed: source.imageSeed,
      buildingType: BUILDING_IMAGE[source.buildingType] ?? 'mansion',
      floors: source.floors,
      struct: source.struct,
      builtYear: source.builtYear,
    });
  }
  const room: RoomInput = {
    seed: source.imageSeed,
    plan: source.plan,
    area: source.area,
    floor: source.floor,
    floors: source.floors,
    struct: source.struct,
    aspect: source.aspect,
    builtYear: source.builtYear,
    codes: source.codes,
  };
  if (kind === 'entrance') return renderEntrance(room);
  if (kind === 'kitchen') return renderKitchen(room);
  if (kind === 'bath') return renderBath(room);
  return renderView(room);
}

/**
 * Serves each listing's generated images as SVG: exterior (外観), floor plan (間取り図), entrance,
 * kitchen, bath and view, all drawn from the listing's own data. Output is a
 * pure function of the listing, so responses carry a strong ETag and a long cache lifetime.
 */
export default fp(
  async function images(app: FastifyInstance, opts: { db: Kysely<DB> }) {
    app.get<{ Params: { globalKey: string; kind: string } }>('/images/bukken/:globalKey/:kind', async (req, reply) => {
      const kind = req.params.kind.replace(/\.svg$/, '');
      if (!req.params.kind.endsWith('.svg') || !isImageKind(kind)) {
        return reply.code(400).send({ errorCode: 'BAD_REQUEST', message: DEFAULT_MESSAGES.BAD_REQUEST });
      }
      const source = await findImageSource(opts.db, req.params.globalKey);
      if (!source) return reply.code(404).send({ errorCode: 'NOT_FOUND', message: DEFAULT_MESSAGES.NOT_FOUND });
      const svg = render(kind, source);
      const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/svg+xml; charset=utf-8').send(svg);
    });
  },
  { name: 'bukken-images' },
);
