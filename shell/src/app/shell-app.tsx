import { Suspense, use, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { ErrorPage, errorPageMeta, Layout, ServerDataReleased, useLocation } from '@sumika/shell-kit';
import type { PublicConfig } from '@sumika/shell-kit';
import { isShellPageName, shellPages } from '../pages/index.js';
import type { ShellPageProps } from '../pages/static-page.js';
import type { RemoteName } from '../routes.js';
import type { PageLoader } from './page-loader.js';
import { PageRuntime } from './page-runtime.js';
import { RemotePage } from './remote-page.js';
import { loadedPageResolver, loadPageResolver } from './route-table.js';
import type { PageState } from './state.js';

/** A shell page, loaded before render on the server and before hydration in the browser (never suspends then). */
function ShellPage({ name, props }: { name: string; props: ShellPageProps }) {
  const Page = shellPages.peek(name) ?? use(shellPages.load(name));
  return <Page {...props} />;
}

export interface ShellAppProps {
  initialPage: PageState;
  initialPathname: string;
  runtime: PageRuntime;
  loader: PageLoader;
  config: PublicConfig;
  onRemoteError: (remote: RemoteName, error: unknown) => void;
}

/** The page inside the layout, the same tree on the server and in the browser. */
export function ShellApp({ initialPage, initialPathname, runtime: initialRuntime, loader, config, onRemoteError }: ShellAppProps) {
  const { pathname, search } = useLocation();
  const first = pathname === initialPathname;
  // Another path than the server's: the route table decides (loaded before the navigation changed the
  // URL; after a back or forward to a pushed entry it may still be loading, and the app suspends).
  const resolve = first ? undefined : (loadedPageResolver() ?? use(loadPageResolver()));
  const page = useMemo(() => (resolve ? resolve(pathname) : initialPage), [resolve, initialPage, pathname]);
  const runtime = useMemo(() => (first ? initialRuntime : new PageRuntime()), [first, initialRuntime]);
  const meta = useSyncExternalStore(runtime.subscribe, runtime.getMeta, runtime.getMeta);
  const declaredStatus = useSyncExternalStore(runtime.subscribe, runtime.getStatus, runtime.getStatus);
  const route = page.kind !== 'error' ? page.route : undefined;

  // After a client-side navigation the document title follows the page.
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current && meta.title) document.title = meta.title;
    mounted.current = true;
  }, [meta.title]);

  const status = page.kind === 'error' ? page.status : declaredStatus !== undefined && declaredStatus >= 400 ? declaredStatus : undefined;
  if (status !== undefined) {
    if (typeof document !== 'undefined' && !first) document.title = errorPageMeta(status).title;
    return (
      <Layout pageKind="others" breadcrumbs={[]} pathname={pathname}>
        <ErrorPage status={status} />
        <ServerDataReleased />
      </Layout>
    );
  }

  const pageProps = {
    params: page.kind === 'error' ? {} : page.params,
    search,
    route: { id: route?.id ?? '', path: route?.path ?? pathname, pageKind: route?.pageKind ?? 'others' },
    setMeta: runtime.setMeta,
    setStatus: runtime.setStatus,
  };
  return (
    <Layout
      pageKind={route?.pageKind ?? 'others'}
      breadcrumbs={meta.breadcrumbs ?? []}
      headerVariant={route?.headerVariant ?? 'default'}
      pageTitle={meta.pageTitle}
      pageSubTitle={meta.pageSubTitle}
      readHeading={runtime.readHeading}
      pathname={pathname}
      defaultQuery={route?.id === 'search.words' ? (new URLSearchParams(search).get('q') ?? undefined) : undefined}
    >
      {page.kind === 'remote' ? (
        <RemotePage
          key={pathname}
          loader={loader}
          remote={page.remote}
          expose={page.expose}
          failed={page.failed}
          pageProps={pageProps}
          config={config}
          onError={onRemoteError}
        />
      ) : page.kind === 'shell' && isShellPageName(page.name) ? (
        <Suspense fallback={null}>
          <ShellPage name={page.name} props={{ ...pageProps, config }} />
          <ServerDataReleased />
        </Suspense>
      ) : null}
      {/* The server's: after the page, the layout's heading has its meta. */}
      {runtime.afterPage}
    </Layout>
  );
}
