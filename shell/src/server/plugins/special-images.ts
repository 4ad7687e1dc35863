import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const PALETTES: readonly [string, string][] = [
  ['#0a8f5a', '#7bd389'],
  ['#f26b1d', '#ffc078'],
  ['#1c7ed6', '#74c0fc'],
  ['#ae3ec9', '#e599f7'],
  ['#e8590c', '#ffd43b'],
  ['#0ca678', '#96f2d7'],
];

/** A special feature's banner: the search subgraph names /images/specials/{path}.svg; the shell draws it. */
export function specialSvg(name: string): string {
  const hash = createHash('sha1').update(name).digest();
  const [from, to] = PALETTES[(hash[0] ?? 0) % PALETTES.length] ?? PALETTES[0]!;
  const roofs = Array.from({ length: 3 }, (_, i) => {
    const x = 40 + i * 90 + ((hash[i + 1] ?? 0) % 20);
    const h = 50 + ((hash[i + 4] ?? 0) % 40);
    return `<rect x="${x}" y="${150 - h}" width="70" height="${h}" rx="4" fill="#fff" opacity=".9"/><path d="M${x - 6} ${150 - h} L${x + 35} ${120 - h} L${x + 76} ${150 - h}Z" fill="#fff" opacity=".75"/><rect x="${x + 27}" y="${128}" width="16" height="22" fill="${from}" opacity=".6"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="180" viewBox="0 0 360 180"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="360" height="180" fill="url(#g)"/><circle cx="310" cy="40" r="22" fill="#fff" opacity=".35"/>${roofs}<rect y="150" width="360" height="30" fill="#fff" opacity=".25"/></svg>`;
}

export default fp(
  async function specialImages(app: FastifyInstance) {
    app.get<{ Params: { name: string } }>('/images/specials/:name', async (req, reply) => {
      const name = req.params.name.replace(/\.svg$/, '');
      if (!/^[a-z0-9_-]{1,64}$/.test(name)) return reply.code(404).send();
      reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400');
      return specialSvg(name);
    });
  },
  { name: 'special-images' },
);
