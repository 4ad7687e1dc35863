/**
 * Test entry (`@sumika/shell-kit/testing`): a remote's page as the shell mounts it, with Apollo's
 * MockedProvider answering for the gateway under the site's read defaults (errorPolicy 'all').
 */
import { jest } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, type RenderResult } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ComponentType } from 'react';
import { clientContextFromRequest } from '../client-context/client-context.js';
import type { PageKind, PublicConfig, RemotePageMeta, RemotePageProps } from '../contract.js';
import { MESSAGES } from '../core/messages.js';
import { KIT_DEFAULT_OPTIONS, createKitCache } from '../graphql/apollo-client.js';
import { MemoryRouter, useLocation } from '../router/router.js';
import { ShellKitProvider } from '../shell-kit-provider.js';

export const PC_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const APP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 SumikaApp/iOS 3.4.0';

/** What the gateway answers for a part down: the field null, this error on its path. */
export const partDown = (path: readonly (string | number)[]): GraphQLError =>
  new GraphQLError(MESSAGES.serviceUnavailable, { path, extensions: { code: 'SERVICE_UNAVAILABLE' } });

export interface RenderPageOptions {
  /** The location's path, e.g. '/topic/pet'; other paths render the location probe. */
  path: string;
  /** The query string including '?'. */
  search?: string;
  /** What the route matched in the path. */
  params?: Record<string, string>;
  mocks: readonly MockLink.MockedResponse[];
  /** The route's id; the path by default. */
  routeId?: string;
  pageKind?: PageKind;
  userAgent?: string;
  referer?: string;
  /** The request's time (the client context's `now`). */
  now?: Date | string;
  config?: PublicConfig;
  /** The visitor's favorites as the shell's visit answered them (newest first). */
  favoriteKeys?: readonly string[];
}

/** The page while the location is its path; the location probe once the page has navigated away. */
function PageOrProbe({ Page, path, props }: { Page: ComponentType<RemotePageProps>; path: string; props: RemotePageProps }) {
  const { pathname } = useLocation();
  return pathname === path ? <Page {...props} /> : <p data-testid="location">{pathname}</p>;
}

/** What renderPage gives back: the render result, the page's setMeta and setStatus, and a way to pass it new props. */
export interface RenderedPage extends RenderResult {
  setMeta: ReturnType<typeof jest.fn<(meta: RemotePageMeta) => void>>;
  setStatus: ReturnType<typeof jest.fn<(status: 400 | 404 | 500) => void>>;
  /** The shell passing new props to the mounted page, as after a client-side navigation within it (the pager). */
  rerenderPage: (next: { search?: string; params?: Record<string, string> }) => void;
}

/**
 * Renders `Page` inside MockedProvider (the kit's cache) and the kit providers, primed so that they
 * send no queries of their own: every operation the test sees is the page's.
 */
export function renderPage(Page: ComponentType<RemotePageProps>, options: RenderPageOptions): RenderedPage {
  const {
    path,
    search = '',
    params = {},
    mocks,
    routeId = path,
    pageKind = 'others',
    userAgent = PC_UA,
    referer = '',
    now = '2026-11-21T01:00:00Z',
    config = { env: 'test' },
    favoriteKeys = [],
  } = options;
  const clientContext = clientContextFromRequest({ userAgent, referer, host: 'sumika.example', now, env: 'test' });
  const setMeta = jest.fn<(meta: RemotePageMeta) => void>();
  const setStatus = jest.fn<(status: 400 | 404 | 500) => void>();
  const props: RemotePageProps = { params, search, route: { id: routeId, path, pageKind }, setMeta, setStatus, config };
  const cache = createKitCache();
  const tree = (pageProps: RemotePageProps) => (
    <MockedProvider mocks={mocks} cache={cache} defaultOptions={KIT_DEFAULT_OPTIONS} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialPath={path + search}>
        <ShellKitProvider
          clientContext={clientContext}
          initialAbTests={{}}
          initialFavoriteKeys={favoriteKeys}
          initialStockCounts={{ favorite: 0, detail: 0, search: 0 }}
          serverStockCounts={null}
        >
          <PageOrProbe Page={Page} path={path} props={pageProps} />
        </ShellKitProvider>
      </MemoryRouter>
    </MockedProvider>
  );
  const result = render(tree(props));
  const rerenderPage = (next: { search?: string; params?: Record<string, string> }) => result.rerender(tree({ ...props, ...next }));
  return { ...result, setMeta, setStatus, rerenderPage };
}
