/** Test helper: a page as the shell mounts it, with Apollo's MockedProvider answering for the gateway. */
import { jest } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { KIT_DEFAULT_OPTIONS, MemoryRouter, ShellKitProvider, clientContextFromRequest, createKitCache, useLocation, type ClientContext } from '@sumika/shell-kit';
import type { PageMeta, PublicConfig, RemotePageProps } from '@sumika/shell/contract';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';

export const PC_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const APP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 SumikaApp/iOS 3.4.0';

/** Without a site key the page sends the config's test token (features/form/recaptcha.ts). */
export const TEST_RECAPTCHA_TOKEN = 'test-recaptcha-token';

export interface RenderPageOptions {
  /** The route's path, e.g. '/users_inquiry'; other paths render the location probe. */
  path: string;
  /** The query string including '?'. */
  search?: string;
  mocks: readonly MockLink.MockedResponse[];
  /** The route's id (CompletePage and CashbackPage read it); the path by default. */
  routeId?: string;
  userAgent?: string;
  config?: PublicConfig;
}

/** The page while the location is its path; the location probe once the page has navigated away. */
function PageOrProbe({ Page, path, props }: { Page: ComponentType<RemotePageProps>; path: string; props: RemotePageProps }) {
  const { pathname } = useLocation();
  return pathname === path ? <Page {...props} /> : <p data-testid="location">{pathname}</p>;
}

/**
 * Renders `Page` inside MockedProvider (the kit's cache) and the kit providers, primed so that they
 * send no queries of their own: every operation the test sees is the page's.
 */
/** As on a page the shell rendered: the remote's stylesheet is in <head> already (the kit's RemoteStyles). */
export function serverRenderedStyles(href: string): void {
  if (!document.head.querySelector(`style[data-href="${href}"]`)) document.head.insertAdjacentHTML('beforeend', `<style data-href="${href}" data-precedence="default"></style>`);
}

export function renderPage(Page: ComponentType<RemotePageProps>, { path, search = '', mocks, routeId = path, userAgent = PC_UA, config = { env: 'test', recaptchaTestToken: TEST_RECAPTCHA_TOKEN } }: RenderPageOptions) {
  const clientContext: ClientContext = clientContextFromRequest({ userAgent, referer: 'https://sumika.example/', host: 'sumika.example', now: new Date('2024-10-03T01:00:00Z'), env: 'test' });
  const setMeta = jest.fn<(meta: PageMeta) => void>();
  const setStatus = jest.fn<(status: 400 | 404 | 500) => void>();
  const props: RemotePageProps = { params: {}, search, route: { id: routeId, path, pageKind: 'others' }, setMeta, setStatus, config };
  serverRenderedStyles('mf-forms');
  const result = render(
    <MockedProvider mocks={mocks} cache={createKitCache()} defaultOptions={KIT_DEFAULT_OPTIONS} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialPath={path + search}>
        <ShellKitProvider clientContext={clientContext} initialAbTests={{}} initialFavoriteKeys={[]} initialStockCounts={{ favorite: 0, detail: 0, search: 0 }} serverStockCounts={null}>
          <PageOrProbe Page={Page} path={path} props={props} />
        </ShellKitProvider>
      </MemoryRouter>
    </MockedProvider>,
  );
  return { ...result, setMeta, setStatus };
}

/** The error element among those a control is described by (aria-describedby lists the hint, then the error). */
export function errorElementOf(control: HTMLElement): HTMLElement | null {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)).find((el) => el?.classList.contains('f-error')) ?? null;
}

/** The message a control is described by (aria-describedby), after checking it is marked invalid. */
export function errorMessageOf(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  return errorElementOf(control)?.textContent ?? null;
}

/** jsdom has no scrolling; a rejected submission scrolls to the summary. Call before each test (jest restores it). */
export function stubScrolling(): void {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
}

/** A form's controls by their label (the label may go on with 必須). */
export const textboxNamed = (name: RegExp) => screen.getByRole('textbox', { name });
export const selectNamed = (name: RegExp) => screen.getByRole('combobox', { name });
