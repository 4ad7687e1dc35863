/** Test helper: an mf-user page as the shell mounts it, MockedProvider answering for the gateway. */
import { jest } from '@jest/globals';
import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { KIT_DEFAULT_OPTIONS, MemoryRouter, ShellKitProvider, clientContextFromRequest, createKitCache } from '@sumika/shell-kit';
import type { PageMeta, RemotePageProps } from '@sumika/shell/contract';
import { render } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ComponentType } from 'react';
import type { UserStockBukkenFragment } from '../__generated__/operations.js';

/** What the gateway says for a part down: the field null, this error on its path. */
export const unavailable = (path: (string | number)[]) => new GraphQLError('一時的に表示できません。しばらくしてから再度お試しください。', { path, extensions: { code: 'SERVICE_UNAVAILABLE' } });

/** A listing as the user area lists it; `overrides` change what a test looks at. */
export function stockBukken(globalKey: string, overrides: Partial<UserStockBukkenFragment> = {}): UserStockBukkenFragment {
  return {
    __typename: 'Bukken',
    globalKey,
    name: `テストハイツ ${globalKey}`,
    address: '東京都千代田区麹町1-1',
    chinryou: 85000,
    kanriKyoeki: 5000,
    plan: '1K',
    area: 25.5,
    builtAge: 11,
    archived: false,
    favorited: true,
    traffics: [{ __typename: 'Traffic', text: '東京メトロ半蔵門線/半蔵門駅 歩5分' }],
    imageGroup: { __typename: 'ImageGroup', gaikanUrl: `/images/${globalKey}.jpg` },
    ...overrides,
  };
}

export interface RenderUserPageOptions {
  path: string;
  /** The query string including '?'. */
  search?: string;
  mocks: readonly MockLink.MockedResponse[];
}

/** Renders `Page` with the site's read defaults (errorPolicy 'all') and the kit providers primed to send nothing. */
export function renderUserPage(Page: ComponentType<RemotePageProps>, { path, search = '', mocks }: RenderUserPageOptions) {
  const clientContext = clientContextFromRequest({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0', referer: '', host: 'sumika.example', now: new Date('2026-11-21T01:00:00Z'), env: 'test' });
  const setMeta = jest.fn<(meta: PageMeta) => void>();
  const setStatus = jest.fn<(status: 400 | 404 | 500) => void>();
  const props: RemotePageProps = { params: {}, search, route: { id: path, path, pageKind: 'others' }, setMeta, setStatus, config: { env: 'test' } };
  // As on a page the shell rendered: the remote's stylesheet is in <head> already.
  if (!document.head.querySelector('style[data-href="mf-user"]')) document.head.insertAdjacentHTML('beforeend', '<style data-href="mf-user" data-precedence="default"></style>');
  const result = render(
    <MockedProvider mocks={mocks} cache={createKitCache()} defaultOptions={KIT_DEFAULT_OPTIONS} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialPath={path + search}>
        <ShellKitProvider clientContext={clientContext} initialAbTests={{}} initialFavoriteKeys={[]} initialStockCounts={{ favorite: 0, detail: 0, search: 0 }} serverStockCounts={null}>
          <Page {...props} />
        </ShellKitProvider>
      </MemoryRouter>
    </MockedProvider>,
  );
  return { ...result, setMeta, setStatus };
}
