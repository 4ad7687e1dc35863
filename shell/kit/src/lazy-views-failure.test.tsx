// A lazy view whose chunk fails to load (a deploy replaced it, the network dropped) shows nothing
// and logs, instead of throwing to the error boundary around the page: the page stays as it was.
import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { FavoritesApi } from './favorites/favorites-provider.js';
import type { AddFavoritesMutation } from './__generated__/operations.js';

const chunkError = () => new Error('Loading chunk failed');
jest.unstable_mockModule('./favorites/favorite-dialog.js', () => {
  throw chunkError();
});
jest.unstable_mockModule('./chrome/leave-popup-dialog.js', () => {
  throw chunkError();
});

// Imported after the failing stubs are in place.
const { clientContextFromRequest } = await import('./client-context/client-context.js');
const { LEAVE_MARKER_KEY, LeavePopup } = await import('./chrome/leave-popup.js');
const { useFavorites } = await import('./favorites/favorites-provider.js');
const { ShellKitProvider } = await import('./shell-kit-provider.js');
const { mockApolloClient } = await import('./testing/mock-apollo.js');

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ctx = clientContextFromRequest({
  userAgent: UA,
  referer: 'https://www.google.com/',
  host: 'sumika.example',
  now: new Date('2024-10-02T16:00:00Z'),
  env: 'staging',
});

let favorites: FavoritesApi;
function Probe() {
  favorites = useFavorites();
  return <p>page content</p>;
}

it('a favorite dialog or leave popup that cannot load leaves the page as it is', async () => {
  const errors: unknown[][] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  const { client } = mockApolloClient((op) =>
    op.operationName === 'AddFavorites'
      ? {
          data: {
            addFavorites: { __typename: 'AddFavoritesPayload', addGlobalKeys: ['b1'], deleteGlobalKeys: [], saved: true },
          } satisfies AddFavoritesMutation,
        }
      : { data: null },
  );
  try {
    render(
      <ShellKitProvider clientContext={ctx} apolloClient={client}>
        <Probe />
        <LeavePopup pathname="/tokyo" />
      </ShellKitProvider>,
    );
    await act(async () => {
      expect(await favorites.add('b1')).toEqual({ ok: true, addGlobalKeys: ['b1'], deleteGlobalKeys: [] });
    });
    expect(favorites.dialog.kind).toBe('successAdd');
    expect(favorites.isFavorite('b1')).toBe(true);
    act(() => void window.dispatchEvent(new PopStateEvent('popstate', { state: { [LEAVE_MARKER_KEY]: 'before' } })));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('page content')).not.toBeNull();
    expect(errors.map(([message]) => message)).toEqual(['[kit] the favorite dialog failed to load', '[kit] the leave popup failed to load']);
  } finally {
    consoleError.mockRestore();
    window.history.replaceState(null, '');
  }
});
