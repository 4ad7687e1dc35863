import { gql, type TypedDocumentNode } from '@apollo/client';
import { PREFECTURE_PATHS } from '@sumika/spec';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type {
  ShellSitemapSectionsQuery,
  ShellSitemapSectionsQueryVariables,
  ShellSitemapUrlsQuery,
  ShellSitemapUrlsQueryVariables,
} from '../../__generated__/operations.js';
import { ROUTES } from '../../routes.js';
import { GatewaySession } from '../gateway/gateway-session.js';
import type { ShellSigner } from '../gateway/token.js';
import { PreloadedAnswersCache } from '../render/preloaded-cache.js';

export const SITEMAP_SECTIONS: TypedDocumentNode<ShellSitemapSectionsQuery, ShellSitemapSectionsQueryVariables> = gql`
  query ShellSitemapSections {
    sitemapSections {
      prefecturePath
      lastmod
    }
    specials {
      path
    }
  }
`;

export const SITEMAP_URLS: TypedDocumentNode<ShellSitemapUrlsQuery, ShellSitemapUrlsQueryVariables> = gql`
  query ShellSitemapUrls($prefecturePath: String!) {
    sitemapUrls(prefecturePath: $prefecturePath) {
      path
      lastmod
    }
  }
`;

/** Pages with a path of their own and no query: the top, the search entrances, the guides (not forms or the visitor's pages). */
const QUERY_FORMS = new Set(['search.search', 'search.option']);
export const STATIC_SITEMAP_PATHS: readonly string[] = ROUTES.filter(
  (r) =>
    !r.path.includes(':') &&
    !r.noindex &&
    !QUERY_FORMS.has(r.id) &&
    (r.pageKind === 'top' || r.pageKind === 'others') &&
    ('shell' in r.target || r.target.remote === 'mf_search'),
).map((r) => r.path);

/** Generated files are kept this long: crawlers fetch them rarely, and each costs grouped scans of a prefecture. */
const KEEP_MS = 10 * 60_000;

interface Entry {
  loc: string;
  lastmod?: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function sitemapIndexXml(entries: readonly Entry[]): string {
  const items = entries.map((e) => `<sitemap><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function urlSetXml(entries: readonly Entry[]): string {
  const items = entries.map((e) => `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${items.join('\n')}\n</urlset>\n`;
}

/** The gateway could not answer: crawlers come back later (503 with Retry-After, never a partial sitemap). */
class SitemapUnavailable extends Error {}

/**
 * The XML sitemap (issue 16, SEO): `/sitemap.xml` is an index of `/sitemaps/static.xml` (the top,
 * search entrances, guides and topic pages) and one `/sitemaps/{prefecture}.xml` per prefecture with
 * listings: its page and the results pages of its cities and stations that list anything, each with
 * `lastmod`, the newest listing's arrival there. URLs are absolute on PUBLIC_ORIGIN, paths as the
 * pages write their canonical (the search subgraph builds them with @sumika/spec's codec).
 */
export default fp(
  async function sitemapXml(app: FastifyInstance, opts: { gatewayUrl: string; signer: ShellSigner; publicOrigin: string; timeoutMs: number }) {
    const sent = new PreloadedAnswersCache();
    const kept = new Map<string, { xml: string; until: number }>();

    async function ask<TData, TVariables extends Record<string, unknown>>(
      log: FastifyBaseLogger,
      query: TypedDocumentNode<TData, TVariables>,
      variables: TVariables,
    ): Promise<TData> {
      const session = new GatewaySession({ gatewayUrl: opts.gatewayUrl, signer: opts.signer, visitor: {}, log, timeoutMs: opts.timeoutMs });
      const { status, result } = await session.operation({ ...sent.sent(query), variables });
      if (result?.errors?.length) {
        const code = result.errors[0]?.extensions?.code;
        if (code === 'NOT_FOUND') throw Object.assign(new Error('not found'), { notFound: true });
        throw new SitemapUnavailable(`gateway answered ${code ?? status}`);
      }
      if (!result?.data) throw new SitemapUnavailable(`gateway answered ${status} without data`);
      return result.data as TData;
    }

    const absolute = (path: string) => `${opts.publicOrigin}${path}`;

    async function build(name: string, log: FastifyBaseLogger): Promise<string | undefined> {
      if (name === 'sitemap') {
        const data = await ask(log, SITEMAP_SECTIONS, {});
        const newest = data.sitemapSections.reduce<string | undefined>((a, s) => (a && a >= s.lastmod ? a : s.lastmod), undefined);
        return sitemapIndexXml([
          { loc: absolute('/sitemaps/static.xml'), lastmod: newest },
          ...data.sitemapSections.map((s) => ({ loc: absolute(`/sitemaps/${s.prefecturePath}.xml`), lastmod: s.lastmod })),
        ]);
      }
      if (name === 'static') {
        const data = await ask(log, SITEMAP_SECTIONS, {});
        return urlSetXml([...STATIC_SITEMAP_PATHS, ...data.specials.map((s) => `/topic/${s.path}`)].map((path) => ({ loc: absolute(path) })));
      }
      if (!PREFECTURE_PATHS.includes(name)) return undefined;
      const data = await ask(log, SITEMAP_URLS, { prefecturePath: name });
      return urlSetXml(data.sitemapUrls.map((u) => ({ loc: absolute(u.path), lastmod: u.lastmod })));
    }

    async function answer(name: string, reply: FastifyReply) {
      const now = Date.now();
      let xml = kept.get(name);
      if (!xml || xml.until < now) {
        try {
          const built = await build(name, reply.log);
          if (built === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
          xml = { xml: built, until: now + KEEP_MS };
          kept.set(name, xml);
        } catch (err) {
          if ((err as { notFound?: boolean }).notFound) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
          reply.log.warn({ err }, 'sitemap unavailable');
          return reply.code(503).header('retry-after', '600').type('text/plain; charset=utf-8').send('Service Unavailable');
        }
      }
      return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml.xml);
    }

    app.get('/sitemap.xml', (_req, reply) => answer('sitemap', reply));
    app.get<{ Params: { file: string } }>('/sitemaps/:file', (req, reply) => {
      const m = /^([a-z]+)\.xml$/.exec(req.params.file);
      if (!m || m[1] === 'sitemap') return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      return answer(m[1]!, reply);
    });
  },
  { name: 'sitemap-xml' },
);
