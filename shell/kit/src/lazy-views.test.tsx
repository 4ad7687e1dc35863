// The views that only follow an interaction (the favorite dialog, the leave popup) and the favorite
// mutations are lazy chunks: nothing of them renders on the server or during hydration, and their
// code loads only once they are about to be needed. Their modules are stubbed here to count loads;
// the real views are tested with their providers (favorites-provider.test.tsx, chrome.test.tsx).
import { jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { FavoriteDialogProps } from './favorites/favorite-dialog.js';
import type { FavoritesApi } from './favorites/favorites-provider.js';
import type { MockResult, RecordedOperation } from './testing/mock-apollo.js';
import type { AddFavoritesMutation } from './__generated__/operations.js';

/** The stubbed lazy modules imported so far (jest runs a stub's factory once per concurrent import: a set, not a count). */
const loaded = new Set<string>();
const loadedNow = () => [...loaded].sort();

jest.unstable_mockModule('./favorites/favorite-dialog.js', () => {
  loaded.add('favorite-dialog');
  return {
    FavoriteDialog: ({ state }: FavoriteDialogProps) => (
      <div role="dialog" data-kind={state.kind}>
        {state.message}
      </div>
    ),
  };
});
jest.unstable_mockModule('./favorites/favorite-mutations.js', async () => {
  loaded.add('favorite-mutations');
  const [{ ADD_FAVORITES }, { DELETE_FAVORITES }] = await Promise.all([
    import('./graphql/operations/add-favorites.js'),
    import('./graphql/operations/delete-favorites.js'),
  ]);
  return { ADD_FAVORITES, DELETE_FAVORITES };
});
jest.unstable_mockModule('./chrome/leave-popup-dialog.js', () => {
  loaded.add('leave-popup-dialog');
  return { LeavePopupDialog: () => <div role="dialog" aria-label="お知らせ" /> };
});

// Imported after the stubs are in place.
const { clientContextFromRequest } = await import('./client-context/client-context.js');
const { ClientContextProvider } = await import('./client-context/client-context-provider.js');
const { LEAVE_MARKER_KEY, LeavePopup } = await import('./chrome/leave-popup.js');
const { useFavorites } = await import('./favorites/favorites-provider.js');
const { ShellKitProvider } = await import('./shell-kit-provider.js');
const { mockApolloClient } = await import('./testing/mock-apollo.js');

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const contextFrom = (referer: string) =>
  clientContextFromRequest({ userAgent: UA, referer, host: 'sumika.example', now: new Date('2024-10-02T16:00:00Z'), env: 'staging' });
const external = contextFrom('https://www.google.com/');
const internal = contextFrom('https://sumika.example/');

let favorites: FavoritesApi;
function Probe() {
  favorites = useFavorites();
  return null;
}

function Page({ handler }: { handler: (op: RecordedOperation) => MockResult | Promise<MockResult> }) {
  return (
    <ShellKitProvider clientContext={external} apolloClient={mockApolloClient(handler).client}>
      <Probe />
      <LeavePopup pathname="/tokyo" />
    </ShellKitProvider>
  );
}

const back = () => act(() => void window.dispatchEvent(new PopStateEvent('popstate', { state: { [LEAVE_MARKER_KEY]: 'before' } })));

afterEach(() => {
  window.history.replaceState(null, '');
});

it('renders none of them on the server, and hydration loads none (the leave marker is armed all the same)', async () => {
  const noData = () => ({ data: null });
  const html = renderToString(<Page handler={noData} />);
  expect(html).not.toContain('role="dialog"');
  // No Suspense boundary either: the lazy views are not in the server's tree at all.
  expect(html).not.toContain('<!--$');

  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page handler={noData} />, { onRecoverableError: (e) => void errors.push(e) });
  });
  await act(async () => undefined);
  consoleError.mockRestore();
  expect(errors).toEqual([]);
  expect(window.history.state?.[LEAVE_MARKER_KEY]).toBe('after');
  expect(container.querySelector('[role="dialog"]')).toBeNull();
  expect(loadedNow()).toEqual([]);
  act(() => root?.unmount());
  container.remove();
});

it('add() loads the mutations and starts the dialog before the answer arrives', async () => {
  let answer: (r: MockResult) => void = () => undefined;
  const pending = new Promise<MockResult>((resolve) => (answer = resolve));
  render(<Page handler={(op) => (op.operationName === 'AddFavorites' ? pending : { data: null })} />);
  let result: Promise<unknown> = Promise.resolve();
  act(() => {
    result = favorites.add('b1');
  });
  await waitFor(() => expect(loadedNow()).toEqual(['favorite-dialog', 'favorite-mutations']));
  expect(favorites.dialog.kind).toBe('none');
  expect(screen.queryByRole('dialog')).toBeNull();

  await act(async () => {
    answer({
      data: { addFavorites: { __typename: 'AddFavoritesPayload', addGlobalKeys: ['b1'], deleteGlobalKeys: [], saved: true } } satisfies AddFavoritesMutation,
    });
    await result;
  });
  expect(await screen.findByRole('dialog')).toHaveProperty('dataset.kind', 'successAdd');
});

it('the leave popup loads nothing when armed or for a visitor it is not for; the back press loads and shows it', async () => {
  const { unmount } = render(
    <ClientContextProvider value={internal}>
      <LeavePopup pathname="/tokyo" />
    </ClientContextProvider>,
  );
  back();
  await act(async () => undefined);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(loaded.has('leave-popup-dialog')).toBe(false);
  unmount();

  render(
    <ClientContextProvider value={external}>
      <LeavePopup pathname="/tokyo" />
    </ClientContextProvider>,
  );
  expect(window.history.state?.[LEAVE_MARKER_KEY]).toBe('after');
  await act(async () => undefined);
  expect(loaded.has('leave-popup-dialog')).toBe(false);
  back();
  expect(await screen.findByRole('dialog', { name: 'お知らせ' })).not.toBeNull();
  expect(loaded.has('leave-popup-dialog')).toBe(true);
});
