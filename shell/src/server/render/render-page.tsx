import { PassThrough } from 'node:stream';
import type { ApolloClient } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import {
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
import { PageRuntime } from '../../app/page-runtime.js';
import type { PageLoader } from '../../app/page-loader.js';
import { loadPageModule } from '../../app/load-page.js';
import { resolvePage } from '../../app/page-for-path.js';
import { ShellRoot } from '../../app/shell-root.js';
import { SHELL_OPERATION_NAMES, SHELL_REQUIRED_DATA, SHELL_VISITOR, type ShellVisitorData } from '../../app/shell-operations.js';
import type { PageState, RootState, ShellState, VisitorState } from '../../app/state.js';
import type { RemotePageMeta } from '@sumika/shell-kit';
import type { RemoteName, RouteDef } from '../../routes.js';
import type { ShellConfig } from '../config.js';
import type { ClientEntries } from '../federation/client-entries.js';
import { GatewaySession, NETWORK_ERROR, pageStatusForErrors } from '../gateway/gateway-session.js';
import type { ShellSigner } from '../gateway/token.js';
import { compressedBody } from '../plugins/compression.js';
import { bareErrorDocument, DEFAULT_DESCRIPTION, DEFAULT_TITLE, documentHead, documentTail, type ClientAssets } from './document.js';
import { canonicalUrl, pageUrl, validHost } from './page-url.js';

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
const STREAM_TIMEOUT_MS = 10_000;

function forwardedFor(req: FastifyRequest): string {
  const prior = req.headers['x-forwarded-for'];
  return [typeof prior === 'string' ? prior : undefined, req.socket.remoteAddress].filter(Boolean).join(', ');
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** The data pass: renders until every query the tree asks for is in the cache, or the time is up; collects render errors. */
async function dataPass(tree: ReactNode, client: ApolloClient, timeoutMs: number): Promise<{ errors: unknown[]; aborted: boolean }> {
  const errors: unknown[] = [];
  const signal = AbortSignal.timeout(Math.max(timeoutMs, 1));
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
}

/**
 * Server-renders one page: the visitor call (badges, A/B, `_uid` on a first visit), the remote's
 * page from its current server build, a data pass that fills the Apollo cache and decides the status
 * (page-declared status, else the first GraphQL error code, SPEC §8), then streams the final render
 * with the cache serialised for hydration.
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
    visitor: { cookie: header(req, 'cookie'), userAgent: header(req, 'user-agent'), referer: header(req, 'referer'), forwardedFor: forwardedFor(req) },
    log: req.log,
    timeoutMs: config.gatewayTimeoutMs,
    deadline,
  });
  const client = createApolloClient({ uri: config.gatewayUrl, ssrMode: true, fetch: session.fetch });

  // 1. The visitor: badge counts and A/B variants (and a fresh `_uid` for a first visit).
  const visitor: VisitorState = { counts: { favorite: 0, detail: 0, search: 0 }, lastSearchCondition: null, favoriteKeys: [], abTests: [] };
  try {
    const { data } = await client.query<ShellVisitorData>({ query: SHELL_VISITOR, fetchPolicy: 'network-only' });
    if (data) {
      const user = data.requiredUserData;
      visitor.counts = { favorite: user.stockCount.favorite, detail: user.stockCount.detail, search: user.stockCount.search };
      visitor.lastSearchCondition = user.lastSearchCondition;
      visitor.favoriteKeys = user.bukken.favorites.map((f) => f.globalKey);
      visitor.abTests = data.abTests.map(({ name, value }) => ({ name, value }));
    }
  } catch (err) {
    req.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'visitor data unavailable');
  }
  const requiredData = client
    .mutate({
      mutation: SHELL_REQUIRED_DATA,
      variables: {
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
      },
    })
    .catch((err: unknown) => req.log.debug({ err: err instanceof Error ? err.message : String(err) }, 'setRequiredData failed'));

  // 2. The page: route, parameters, and the remote's page module.
  const resolved = badStatus ? { page: { kind: 'error', status: badStatus } as PageState } : resolvePage(url.pathname);
  const route: RouteDef | undefined = 'route' in resolved ? resolved.route : undefined;
  let page: PageState = await loadPageModule(resolved.page, loader);

  const remotes = await deps.clientEntries.get();
  const base: Omit<RootState, 'page'> = { context, config: config.publicConfig, visitor };
  let runtime = new PageRuntime();
  const tree = (p: PageState, rt: PageRuntime) => (
    <StaticRouter location={url.pathname + url.search}>
      <ShellRoot client={client} state={{ ...base, page: p }} pathname={url.pathname} runtime={rt} loader={loader} onRemoteError={deps.onRemoteError} />
    </StaticRouter>
  );

  // 3. The data pass, then the status.
  let status = page.kind === 'error' ? page.status : 200;
  session.errors = [];
  try {
    const pass = await dataPass(tree(page, runtime), client, Math.max(remaining(), MIN_PASS_MS));
    if (pass.aborted) {
      // Out of time: what is still waiting for the gateway did not come.
      for (const operationName of session.pendingOperations())
        session.errors.push({ operationName, code: NETWORK_ERROR, message: 'the page deadline has passed', mainMissing: true });
      req.log.warn({ pending: session.pendingOperations() }, 'data pass cut at the page deadline');
    }
    if (page.kind === 'remote' && !page.failed && pass.errors.length) {
      deps.onRemoteError(page.remote, pass.errors[0]);
      page = { ...page, failed: 'render' };
    }
  } catch (err) {
    req.log.error({ err }, 'render failed');
    page = { kind: 'error', status: 500, ...(route ? { routeId: route.id } : {}) };
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
    } else if (page.kind === 'remote' && page.failed) {
      // The rest of the page works; the status tells caches and crawlers to come back.
      status = page.failed === 'load' ? 503 : 500;
    }
  }
  if (page.kind === 'error') {
    status = page.status;
    runtime = new PageRuntime();
    try {
      await dataPass(tree(page, runtime), client, Math.max(remaining(), MIN_PASS_MS));
    } catch (err) {
      req.log.error({ err }, 'error page render failed');
    }
  }
  await requiredData;

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
          canonical: canonicalUrl(meta.canonical, config.publicOrigin),
        },
    isSpView: context.isSpView,
    assets: deps.assets(),
    remoteEntries: page.kind === 'remote' && !page.failed ? [remotes[page.remote]] : [],
    remoteStyles: page.kind === 'remote' && !page.failed ? deps.clientEntries.stylesFor(page.remote, page.expose) : [],
    nonce,
  });

  // 4. The final render, streamed.
  reply.hijack();
  const res = reply.raw;
  const finalTree = tree(page, runtime);
  await new Promise<void>((resolve) => {
    let settled = false;
    const done = () => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve();
      }
    };
    const { pipe, abort } = renderToPipeableStream(finalTree, {
      // The data pass has run: every boundary is complete. React would still outline a boundary past
      // 12.8 KB into a hidden segment revealed by script, and since 19.2 batches reveals up to
      // 300 ms later, so the page showed 読み込み中… over content it already had, and hydration
      // could meet the content twice. Inline everything.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Any script React writes carries the response's CSP nonce.
      nonce,
      onShellReady() {
        res.statusCode = status;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        // A page carries the visitor's state: never shared, but kept for back/forward (no-store would
        // bar the bfcache) and revalidated on reuse. Error pages stay out of every cache.
        res.setHeader('cache-control', status < 400 ? 'private, no-cache' : 'private, no-store');
        res.setHeader('vary', 'user-agent, cookie, accept-encoding');
        if (status === 503) res.setHeader('retry-after', String(RETRY_AFTER_SECONDS));
        if (session.setCookies.length) res.setHeader('set-cookie', session.setCookies);
        const out = compressedBody(res, req.headers['accept-encoding']);
        out.write(head);
        out.flush();
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => out.write(chunk));
        body.on('end', () => {
          const state: ShellState = { page, meta, status, config: config.publicConfig, visitor, remotes, gatewayPath: '/graphql' };
          out.end(documentTail(state, clientContextScript(context) + apolloStateScript(client), nonce));
          done();
        });
        pipe(body);
      },
      onShellError(err) {
        req.log.error({ err }, 'shell render failed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          if (session.setCookies.length) res.setHeader('set-cookie', session.setCookies);
        }
        res.end(bareErrorDocument(500, errorPageMessage(500)));
        done();
      },
      onError(err) {
        req.log.error({ err: err instanceof Error ? err.message : String(err) }, 'render error');
      },
    });
    const timer = setTimeout(() => {
      abort();
      done();
    }, STREAM_TIMEOUT_MS);
    res.on('close', done);
  });
}
