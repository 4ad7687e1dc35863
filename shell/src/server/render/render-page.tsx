import type { ApolloClient, DocumentNode, ObservableQuery } from '@apollo/client';
import { parseCookie } from 'cookie';
import { prerenderStatic } from '@apollo/client/react/ssr';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import {
  BUKKEN_TOTAL_COUNT,
  StaticRouter,
  apolloStateScript,
  clientContextFromRequest,
  clientContextScript,
  createApolloClient,
  errorPageMessage,
  errorPageMeta,
  RETRY_AFTER_SECONDS,
  ROBOTS_NOINDEX,
} from '@sumika/shell-kit';
import type { PageRuntime } from '../../app/page-runtime.js';
import type { PageLoader } from '../../app/page-loader.js';
import { loadPageModule } from '../../app/load-page.js';
import { resolvePage } from '../../app/page-for-path.js';
import { ShellRoot } from '../../app/shell-root.js';
import { SHELL_OPERATION_NAMES, SHELL_VISIT, SHELL_VISITOR } from '../../app/shell-operations.js';
import type { ShellVisitMutation, ShellVisitMutationVariables } from '../../__generated__/operations.js';
import type { PageState, RootState, ShellState, VisitorState } from '../../app/state.js';
import type { AnyPageQuery, PageQueries, RemotePageMeta } from '@sumika/shell-kit';
import type { RemoteName, RouteDef } from '../../routes.js';
import type { ShellConfig } from '../config.js';
import type { ClientEntries } from '../federation/client-entries.js';
import { GatewaySession, NETWORK_ERROR, pageStatusForErrors, UID_COOKIE } from '../gateway/gateway-session.js';
import { boundedSignal, outgoingTraceparent, requestTrace } from '@sumika/server-kit';
import { ServerPageRuntime } from './server-page-runtime.js';
import type { ShellSigner } from '../gateway/token.js';
import { endCompressed } from '../plugins/compression.js';
import { bareErrorDocument, DEFAULT_DESCRIPTION, DEFAULT_TITLE, documentHead, documentTail, type ClientAssets } from './document.js';
import { PreloadedAnswersCache, shareDocumentInfo } from './preloaded-cache.js';
import { completeRender, type CompletedRender } from './complete-render.js';
import { canonicalOf, canonicalUrl, pageUrl, validHost } from './page-url.js';

export interface RenderDeps {
  config: ShellConfig;
  signer: ShellSigner;
  loader: PageLoader;
  clientEntries: ClientEntries;
  assets: () => ClientAssets;
  /** Logs a remote's render error once per remote and message. */
  onRemoteError: (remote: RemoteName, error: unknown) => void;
  /** The response's CSP script nonce. */
  nonce: string;
}

/** The page's budget beyond one gateway call: the answer comes within SHELL_GATEWAY_TIMEOUT_MS plus this. */
const PAGE_MARGIN_MS = 500;
/** A data pass's least time, so calls made past the deadline fail (and are recorded) before it ends. */
const MIN_PASS_MS = 250;

function forwardedFor(req: FastifyRequest): string {
  const prior = req.headers['x-forwarded-for'];
  return [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress].filter(Boolean).join(', ');
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** Renders of the page tree since the process started (tests read how many one request took). */
let treeRenders = 0;
export const pageTreeRenders = (): number => treeRenders;
/** Reads of the page renders answered from their preloaded answers (PreloadedAnswersCache) since the process started. */
let preloadedAnswerReads = 0;
export const preloadedReads = (): number => preloadedAnswerReads;

function CountedRender({ children }: { children: ReactNode }) {
  treeRenders += 1;
  return children;
}

/** Routes already reported as going through the data pass (one warning each). */
const dataPassRoutes = new Set<string>();

/** The data pass: renders until every query the tree asks for is in the cache, or the time is up; collects render errors. */
async function dataPass(tree: ReactNode, client: ApolloClient, timeoutMs: number): Promise<{ errors: unknown[]; aborted: boolean }> {
  const errors: unknown[] = [];
  // Not AbortSignal.timeout: see boundedSignal (the render's requests must not outlive the page).
  const { signal, release } = boundedSignal(timeoutMs);
  try {
    const { aborted } = await prerenderStatic({
      tree,
      context: { client },
      signal,
      ignoreResults: true,
      maxRerenders: 10,
      renderFunction: (node) =>
        prerenderToNodeStream(node, {
          signal,
          onError: (err) => {
            errors.push(err);
          },
        }),
    });
    return { errors, aborted };
  } finally {
    release();
  }
}

/**
 * The page's declared queries, fetched before the render straight over the session (no Apollo link
 * chain: the document as Apollo would send it, the answer parsed once) and handed to the cache for
 * the render to read; false when one failed or has errors (the data pass then asks again and reads
 * the errors as the components always have).
 */
async function preload(session: GatewaySession, cache: PreloadedAnswersCache, queries: readonly AnyPageQuery[]): Promise<boolean> {
  const results = await Promise.all(
    queries.map(async (entry) => {
      // Each entry pairs its document and variables (checked where the page builds them).
      const query: DocumentNode = entry.query;
      const { variables } = entry;
      try {
        const { status, result, text } = await session.operation({ ...cache.sent(query), variables: variables as Record<string, unknown> | undefined });
        if (status < 200 || status >= 300 || !result?.data || result.errors?.length) return false;
        cache.preload(query, variables, result.data, text);
        return true;
      } catch {
        return false;
      }
    }),
  );
  return results.every(Boolean);
}

/** A remote page module's data declaration, if it has one. */
function pageQueriesOf(page: PageState, loader: PageLoader): PageQueries | undefined {
  if (page.kind !== 'remote' || page.failed) return undefined;
  const declared = (loader.peekModule(page.remote, page.expose) as { pageQueries?: unknown } | undefined)?.pageQueries;
  return typeof declared === 'function' ? (declared as PageQueries) : undefined;
}

/**
 * Server-renders one page: the visitor call (badges, A/B, `_uid` on a first visit) and the page's
 * declared queries (`pageQueries` of the remote's page module) in parallel, then one render from the
 * filled cache, its status decided once it is complete (page-declared status, else the first GraphQL
 * error code, SPEC §8), sent with the cache serialised for hydration. A page without the declaration,
 * or whose render still missed data, goes through the data pass (renders until every query has data).
 */
export async function renderPage(req: FastifyRequest, reply: FastifyReply, deps: RenderDeps): Promise<void> {
  const { config, loader, nonce } = deps;
  // Every answer gets its status within one gateway call's timeout plus a margin: what it has, or the 503 page.
  const deadline = Date.now() + config.gatewayTimeoutMs + PAGE_MARGIN_MS;
  const remaining = () => deadline - Date.now();
  // The original target: rewriteUrl sends a path the router cannot decode here as '/'.
  const target = pageUrl(req.originalUrl, config.publicOrigin);
  const badStatus = validHost(header(req, 'host')) ? target.badStatus : 400;
  const { url } = target;
  const context = clientContextFromRequest({
    userAgent: header(req, 'user-agent'),
    referer: header(req, 'referer'),
    origin: config.publicOrigin,
    now: new Date(),
    env: config.publicConfig.env,
    refCode: url.searchParams.get('ref_code'),
  });
  const session = new GatewaySession({
    gatewayUrl: config.gatewayUrl,
    signer: deps.signer,
    visitor: {
      cookie: header(req, 'cookie'),
      userAgent: header(req, 'user-agent'),
      referer: header(req, 'referer'),
      forwardedFor: forwardedFor(req),
      traceparent: outgoingTraceparent(req),
    },
    log: req.log,
    timeoutMs: config.gatewayTimeoutMs,
    deadline,
    trace: requestTrace(req),
  });
  const cache = new PreloadedAnswersCache();
  const client = createApolloClient({ uri: config.gatewayUrl, ssrMode: true, fetch: session.fetch, cache });
  shareDocumentInfo(client);
  // Every query the render watches: one still without its data after the render was not declared.
  const watched: ObservableQuery[] = [];
  const watchQuery = client.watchQuery.bind(client);
  client.watchQuery = ((options: Parameters<typeof watchQuery>[0]) => {
    const observable = watchQuery(options);
    watched.push(observable);
    return observable;
  }) as typeof client.watchQuery;

  // 1. The visit, in one call: the request recorded, badge counts and A/B variants answered (and a fresh `_uid` for a first visit).
  const visitor: VisitorState = { counts: { favorite: 0, detail: 0, search: 0 }, lastSearchCondition: null, favoriteKeys: [], abTests: [] };
  const loadVisitor = async () => {
    const variables: ShellVisitMutationVariables = {
      requestInfo: {
        userAgent: header(req, 'user-agent'),
        referer: header(req, 'referer'),
        path: url.pathname,
        isSpView: context.isSpView,
        isApp: context.isApp,
        isIosApp: context.isIosApp,
        isIphone: context.isIphone,
        isExternalReferrer: context.isExternalReferrer,
      },
      refCode: url.searchParams.get('ref_code'),
      gclid: url.searchParams.get('gclid'),
    };
    try {
      const { result } = await session.operation({ ...cache.sent(SHELL_VISIT), variables });
      const user = (result?.data as ShellVisitMutation | null | undefined)?.setRequiredData;
      if (!user) {
        req.log.warn({ errors: result?.errors?.map((e) => e.extensions?.code ?? e.message) }, 'visitor data unavailable');
        return;
      }
      const { favorite, detail, search, incomplete, alert } = user.stockCount;
      visitor.counts = { favorite, detail, search, incomplete, alert };
      visitor.lastSearchCondition = user.lastSearchCondition;
      visitor.favoriteKeys = user.bukken.favorites.map((f) => f.globalKey);
      visitor.abTests = user.abTests.map(({ name, value }) => ({ name, value }));
      // Where the kit's queries (RequiredUserData, FavoriteKeys, AbTests) read them, here and after hydration.
      const { abTests, ...requiredUserData } = user;
      client.writeQuery({ query: SHELL_VISITOR, data: { requiredUserData, abTests } });
    } catch (err) {
      req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'visitor data unavailable');
    }
  };

  // 2. The page: route, parameters, the remote's page module and the data it declares.
  const resolved = badStatus ? { page: { kind: 'error', status: badStatus } as PageState } : resolvePage(url.pathname);
  const route: RouteDef | undefined = 'route' in resolved ? resolved.route : undefined;
  const loadPage = async (): Promise<{ page: PageState; preloaded: boolean }> => {
    const loaded = await loadPageModule(resolved.page, loader);
    const declared = pageQueriesOf(loaded, loader);
    if (loaded.kind !== 'error' && !declared) return { page: loaded, preloaded: false };
    // The layout's own read: the PC header's total count.
    const headerVariant = route?.headerVariant ?? 'default';
    const chrome: AnyPageQuery[] =
      !context.isApp && !context.isSpView && (loaded.kind === 'error' || headerVariant === 'default') ? [{ query: BUKKEN_TOTAL_COUNT }] : [];
    const own =
      declared && loaded.kind === 'remote'
        ? declared({
            params: loaded.params,
            search: url.search,
            route: { id: loaded.route.id, path: loaded.route.path, pageKind: loaded.route.pageKind },
            context,
          })
        : [];
    return { page: loaded, preloaded: await preload(session, cache, [...chrome, ...own]) };
  };
  // A returning visitor's calls go together; a first visit's wait for its new `_uid`, so that every call is the same visitor.
  const returning = !!parseCookie(header(req, 'cookie') ?? '')[UID_COOKIE];
  let loadedPage: { page: PageState; preloaded: boolean };
  if (returning) {
    [, loadedPage] = await Promise.all([loadVisitor(), loadPage()]);
  } else {
    await loadVisitor();
    loadedPage = await loadPage();
  }
  let { page } = loadedPage;

  const remotes = await deps.clientEntries.get();
  const base: Omit<RootState, 'page'> = { context, config: config.publicConfig, visitor };
  let runtime = new ServerPageRuntime();
  const tree = (p: PageState, rt: PageRuntime) => (
    <CountedRender>
      <StaticRouter location={url.pathname + url.search}>
        <ShellRoot client={client} state={{ ...base, page: p }} pathname={url.pathname} runtime={rt} loader={loader} onRemoteError={deps.onRemoteError} />
      </StaticRouter>
    </CountedRender>
  );

  // 3. One render from the filled cache; the data pass when the page declared no data or missed some.
  let status = page.kind === 'error' ? page.status : 200;
  let final: CompletedRender | undefined;
  let renderErrors: unknown[] = [];
  if (loadedPage.preloaded) {
    // The tree is built for the render it goes through (complete-render.ts); the runtime is the one it read.
    const once = await completeRender((heading) => tree(page, (runtime = new ServerPageRuntime(heading))), nonce, req.log);
    preloadedAnswerReads += cache.hits;
    const missing = watched.filter((o) => o.options.fetchPolicy !== 'standby' && o.getCurrentResult().dataState !== 'complete');
    if (!once.ok) {
      req.log.error({ err: once.error }, 'render failed');
      page = { kind: 'error', status: 500, ...(route ? { routeId: route.id } : {}) };
    } else if (missing.length) {
      const routeId = route?.id ?? url.pathname;
      if (!dataPassRoutes.has(routeId)) {
        dataPassRoutes.add(routeId);
        const level = config.publicConfig.env === 'production' ? 'debug' : 'warn';
        req.log[level](
          { route: routeId, missing: missing.map((o) => o.queryName) },
          'the page read queries its pageQueries did not declare: rendered through the data pass',
        );
      }
      runtime = new ServerPageRuntime();
    } else {
      final = once;
      renderErrors = once.errors;
    }
  } else if (page.kind === 'remote' && !page.failed) {
    const routeId = route?.id ?? url.pathname;
    if (!dataPassRoutes.has(routeId) && config.publicConfig.env !== 'production') {
      dataPassRoutes.add(routeId);
      req.log.warn({ route: routeId, remote: page.remote, expose: page.expose }, 'the page module exports no pageQueries: rendered through the data pass');
    }
  }
  if (!final && page.kind !== 'error') {
    session.errors = [];
    try {
      const pass = await dataPass(tree(page, runtime), client, Math.max(remaining(), MIN_PASS_MS));
      if (pass.aborted) {
        // Out of time: what is still waiting for the gateway did not come.
        for (const operationName of session.pendingOperations())
          session.errors.push({ operationName, code: NETWORK_ERROR, message: 'the page deadline has passed', mainMissing: true });
        req.log.warn({ pending: session.pendingOperations() }, 'data pass cut at the page deadline');
      }
      renderErrors = pass.errors;
    } catch (err) {
      req.log.error({ err }, 'render failed');
      page = { kind: 'error', status: 500, ...(route ? { routeId: route.id } : {}) };
    }
  }
  if (page.kind === 'remote' && !page.failed && renderErrors.length) {
    deps.onRemoteError(page.remote, renderErrors[0]);
    page = { ...page, failed: 'render' };
    final = undefined;
  }
  if (page.kind !== 'error') {
    const declared = runtime.getStatus();
    const pageErrors = session.errors.filter((e) => !SHELL_OPERATION_NAMES.has(e.operationName ?? ''));
    for (const e of pageErrors)
      req.log.warn({ operationName: e.operationName, code: e.code, err: e.message, mainMissing: e.mainMissing }, 'page operation error');
    const fromErrors = pageStatusForErrors(pageErrors, { badRequestAs404: route?.badRequestAs404 });
    // A part down that took the main content wins over what the remote declared: with errorPolicy
    // 'all' a null it did not get can look like "not found" to it.
    const errorStatus = fromErrors !== undefined && fromErrors >= 500 ? fromErrors : declared !== undefined && declared >= 400 ? declared : fromErrors;
    if (errorStatus !== undefined && errorStatus >= 400) {
      page = { kind: 'error', status: errorStatus, ...(route ? { routeId: route.id } : {}) };
      final = undefined;
    } else if (page.kind === 'remote' && page.failed) {
      // The rest of the page works; the status tells caches and crawlers to come back.
      status = page.failed === 'load' ? 503 : 500;
    }
  }
  if (page.kind === 'error') {
    status = page.status;
    if (!final) {
      runtime = new ServerPageRuntime();
      try {
        await dataPass(tree(page, runtime), client, Math.max(remaining(), MIN_PASS_MS));
      } catch (err) {
        req.log.error({ err }, 'error page render failed');
      }
    }
  }
  const isError = page.kind === 'error';
  const meta: RemotePageMeta = isError ? { breadcrumbs: [] } : runtime.getMeta();
  const noindex = !!route?.noindex || status >= 400;
  const head = documentHead({
    meta: isError
      ? errorPageMeta(status)
      : {
          title: meta.title ?? DEFAULT_TITLE,
          description: meta.description ?? DEFAULT_DESCRIPTION,
          robots: noindex ? ROBOTS_NOINDEX : (meta.robots ?? null),
          canonical: canonicalUrl(canonicalOf(meta, url.pathname, noindex), config.publicOrigin),
        },
    isSpView: context.isSpView,
    assets: deps.assets(),
    remoteEntries: page.kind === 'remote' && !page.failed ? [remotes[page.remote]] : [],
    remoteStyles: page.kind === 'remote' && !page.failed ? deps.clientEntries.stylesFor(page.remote, page.expose) : [],
    nonce,
  });

  // 4. The response: the completed render, or the page as decided rendered now.
  reply.hijack();
  const res = reply.raw;
  // The runtime has the page's meta by now (the page rendered once, or through the data pass): the heading reads it in place.
  const rendered = final ?? (await completeRender(() => tree(page, runtime), nonce, req.log));
  if (!rendered.ok) {
    req.log.error({ err: rendered.error }, 'shell render failed');
    res.statusCode = 500;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (session.setCookies.length) res.setHeader('set-cookie', session.setCookies);
    res.end(bareErrorDocument(500, errorPageMessage(500)));
    return;
  }
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  // A page carries the visitor's state: never shared, but kept for back/forward (no-store would
  // bar the bfcache) and revalidated on reuse. Error pages stay out of every cache.
  res.setHeader('cache-control', status < 400 ? 'private, no-cache' : 'private, no-store');
  res.setHeader('vary', 'user-agent, cookie, accept-encoding');
  if (status === 503) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
  if (session.setCookies.length) res.setHeader('set-cookie', session.setCookies);
  // The render is complete: the head, its markup and the tail go as one buffer, one write (written one
  // by one, the socket writes took ~7% of the shell's CPU).
  const html = await rendered.html();
  if (res.destroyed) return;
  const state: ShellState = { page, meta, status, config: config.publicConfig, visitor, remotes, gatewayPath: '/graphql' };
  const tail = documentTail(state, clientContextScript(context) + apolloStateScript(client), nonce);
  endCompressed(res, req.headers['accept-encoding'], Buffer.concat([Buffer.from(head), html, Buffer.from(tail)]));
}
