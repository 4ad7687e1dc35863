import type { ReactNode } from 'react';
import { documentTitle, type RemotePageMeta, type RemotePageProps } from '@sumika/shell-kit';

export const SITE_NAME = 'すみか';

export type ShellPageProps = RemotePageProps;

/** Declares a static page's meta: '<title>｜すみか' (the kit's one title format), breadcrumbs from the top page. */
export function useStaticMeta(
  props: ShellPageProps,
  page: { title: string; description: string; path: string; parents?: { text: string; path: string }[] },
): void {
  const meta: RemotePageMeta = {
    title: documentTitle(page.title),
    description: page.description,
    canonical: page.path,
    pageTitle: page.title,
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, ...(page.parents ?? []), { text: page.title }],
  };
  props.setMeta(meta);
}

export function Section({ title, id, children }: { title: string; id?: string; children?: ReactNode }) {
  return (
    <section className="shell-static__section" id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export function StaticArticle({ lead, toc, children }: { lead?: ReactNode; toc?: { id: string; title: string }[]; children?: ReactNode }) {
  return (
    <article className="shell-static">
      {lead && <div className="shell-static__lead">{lead}</div>}
      {toc && toc.length > 0 && (
        <nav className="shell-static__toc" aria-label="目次">
          <p>目次</p>
          <ol>
            {toc.map((t) => (
              <li key={t.id}>
                <a href={`#${t.id}`}>{t.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {children}
    </article>
  );
}
