/** Test helper: an mf-search page as the shell mounts it, with the site's read defaults (errorPolicy 'all'). */
import { jest } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { KIT_DEFAULT_OPTIONS, MemoryRouter, ShellKitProvider, clientContextFromRequest, createKitCache } from '@sumika/shell-kit';
import type { PageMeta, RemotePageProps } from '@sumika/shell/contract';
import { render } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ComponentProps, ComponentType } from 'react';
import type { SearchBukkenCardFragment } from '../__generated__/operations.js';

/** What the gateway says for a part down: the field null, this error on its path. */
export const partDown = (path: (string | number)[]) => new GraphQLError('一時的に表示できません。しばらくしてから再度お試しください。', { path, extensions: { code: 'SERVICE_UNAVAILABLE' } });

/** `url` is the location as the visitor typed it; `params` what the route matched in it. */
export function renderSearchPage(Page: ComponentType<RemotePageProps>, url: string, params: Record<string, string>, mocks: readonly MockLink.MockedResponse[]) {
  const setMeta = jest.fn<(meta: PageMeta) => void>();
  const setStatus = jest.fn<(status: 400 | 404 | 500) => void>();
  const [path = url, query = ''] = url.split('?');
  const props: RemotePageProps = { params, search: query ? `?${query}` : '', route: { id: path, path, pageKind: 'others' }, setMeta, setStatus, config: { env: 'test' } };
  // The server-rendered page has mf-search's stylesheet in <head> already (the kit's RemoteStyles).
  if (!document.head.querySelector('style[data-href="mf-search"]')) document.head.insertAdjacentHTML('beforeend', '<style data-href="mf-search" data-precedence="default"></style>');
  // Primed so that the kit sends no queries of its own: every operation the test sees is the page's.
  const kit: Omit<ComponentProps<typeof ShellKitProvider>, 'children'> = {
    clientContext: clientContextFromRequest({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0', referer: '', host: 'sumika.example', now: new Date('2026-11-21T01:00:00Z'), env: 'test' }),
    initialAbTests: {},
    initialFavoriteKeys: [],
    initialStockCounts: { favorite: 0, detail: 0, search: 0 },
    serverStockCounts: null,
  };
  const page = <MemoryRouter initialPath={url}><ShellKitProvider {...kit}><Page {...props} /></ShellKitProvider></MemoryRouter>;
  return { ...render(<MockedProvider mocks={mocks} cache={createKitCache()} defaultOptions={KIT_DEFAULT_OPTIONS} mockLinkDefaultOptions={{ delay: 0 }}>{page}</MockedProvider>), setMeta, setStatus };
}

/** A listing card as the search lists show it; `n` makes its key and name. */
export const bukkenCard = (n: number, name = `ペットハイツ${n}`): SearchBukkenCardFragment => ({
  __typename: 'Bukken',
  globalKey: `bk00000000${n}`,
  name,
  address: '東京都世田谷区1-1',
  chinryou: 90000,
  kanriKyoeki: 5000,
  shikikin: 2,
  reikin: 1,
  plan: '1LDK',
  area: 40,
  floor: 2,
  builtAge: 8,
  typeName: 'マンション',
  favorited: false,
  traffics: [{ __typename: 'Traffic', text: '小田急線/経堂駅 歩7分', walkMin: 7 }],
  imageGroup: { __typename: 'ImageGroup', gaikanUrl: '/g.svg', madoriUrl: '/m.svg' },
});
