import { jsonForScript } from '../core/script-json.js';
import { KitLink } from '../router/kit-link.js';
import { ChevronRightIcon } from './icons.js';

/** SPEC §3 page base data breadcrumb. */
export interface BreadcrumbItem {
  text: string;
  path?: string | null;
  preventPrefetch?: boolean;
}

/** schema.org BreadcrumbList for the items; `item` URLs are absolute when an origin is given. */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[], origin?: string | null): Record<string, unknown> {
  const base = origin?.replace(/\/+$/, '') ?? '';
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.text,
      ...(it.path ? { item: /^https?:/.test(it.path) ? it.path : `${base}${it.path}` } : {}),
    })),
  };
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[];
  /** e.g. https://sumika.example, for absolute URLs in the structured data. */
  origin?: string | null;
}

/** SPEC §2.2 breadcrumbs: every item but the last is a link; BreadcrumbList JSON-LD alongside. */
export function Breadcrumbs({ items, origin }: BreadcrumbsProps) {
  if (!items.length) return null;
  return (
    <nav className="sk-breadcrumbs" aria-label="パンくずリスト">
      <ol>
        {items.map((it, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${it.text}`} className="sk-breadcrumbs__item">
              {!last && it.path ? (
                <KitLink to={it.path} preventPrefetch={it.preventPrefetch}>
                  {it.text}
                </KitLink>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{it.text}</span>
              )}
              {!last && <ChevronRightIcon size={12} className="sk-breadcrumbs__sep" />}
            </li>
          );
        })}
      </ol>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(breadcrumbJsonLd(items, origin)) }} />
    </nav>
  );
}
