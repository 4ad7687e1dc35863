import { PC_PAGE_WIDTH_PX } from '../core/constants.js';
import { errorPageStatus } from '../core/errors.js';
import type { BreadcrumbItem } from './breadcrumbs.js';

/** SPEC §3 page meta. */
export interface PageMeta {
  title: string;
  robots?: string | null;
  canonical?: string | null;
  description?: string | null;
}

/** SPEC §3 page base data. */
export interface PageBaseData {
  meta: PageMeta;
  pageTitle?: string | null;
  pageSubTitle?: string | null;
  breadcrumbs: BreadcrumbItem[];
}

export const ROBOTS_INDEX = 'index, follow';
export const ROBOTS_NOINDEX = 'noindex, follow';

/** Every page's <title> in one format (issue 17): the page's own words, then '｜すみか'. */
export const documentTitle = (page: string): string => `${page}｜すみか`;

export type HeadTag =
  { tag: 'title'; text: string } | { tag: 'meta'; attrs: { name: string; content: string } } | { tag: 'link'; attrs: { rel: string; href: string } };

/** The head tags of a page's meta, in order: title, robots, canonical, description (empty ones left out). */
export function metaTags(meta: PageMeta): HeadTag[] {
  const tags: HeadTag[] = [{ tag: 'title', text: meta.title }];
  tags.push({ tag: 'meta', attrs: { name: 'robots', content: meta.robots || ROBOTS_INDEX } });
  if (meta.canonical) tags.push({ tag: 'link', attrs: { rel: 'canonical', href: meta.canonical } });
  if (meta.description) tags.push({ tag: 'meta', attrs: { name: 'description', content: meta.description } });
  return tags;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same tags as HTML, for an SSR server that writes <head> itself. */
export function metaToHtml(meta: PageMeta): string {
  return metaTags(meta)
    .map((t) => {
      if (t.tag === 'title') return `<title>${escapeHtml(t.text)}</title>`;
      const attrs = Object.entries(t.attrs)
        .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
        .join(' ');
      return `<${t.tag} ${attrs}>`;
    })
    .join('');
}

/** The viewport: fixed 1100 px on PC pages (SPEC §2.2), device width on mobile. */
export const viewportContent = (isSpView: boolean): string =>
  isSpView ? 'width=device-width, initial-scale=1, viewport-fit=cover' : `width=${PC_PAGE_WIDTH_PX}`;

/** SPEC §2.2 error pages: 'Error 404' etc., noindex. */
export function errorPageMeta(status?: number | null): PageMeta {
  return { title: `Error ${errorPageStatus(status)}`, robots: 'noindex, nofollow' };
}

/** Renders the head tags where it is used; React 19 hoists them into <head> (SSR and client). */
export function Meta({ meta }: { meta: PageMeta }) {
  return (
    <>
      {metaTags(meta).map((t) => {
        if (t.tag === 'title') return <title key="title">{t.text}</title>;
        if (t.tag === 'link') return <link key={`link-${t.attrs.rel}`} rel={t.attrs.rel} href={t.attrs.href} />;
        return <meta key={`meta-${t.attrs.name}`} name={t.attrs.name} content={t.attrs.content} />;
      })}
    </>
  );
}
