import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { ClientContextProvider } from '../client-context/client-context-provider.js';
import { clientContextFromRequest } from '../client-context/client-context.js';
import { StockCountsProvider, useStockCounts } from '../stock-counts/stock-counts-provider.js';
import { mockApolloClient, type MockResult, type RecordedOperation } from '../testing/mock-apollo.js';
import { ToastProvider } from '../toast/toast-provider.js';
import { FavoritesProvider, useFavorites, type FavoritesApi } from './favorites-provider.js';
import type { AddFavoritesMutation, DeleteFavoritesMutation, FavoriteKeysQuery } from '../__generated__/operations.js';

const PC_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SP_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let favorites: FavoritesApi;
function Probe() {
  favorites = useFavorites();
  const { counts } = useStockCounts();
  return <output data-testid="fav-count">{counts.favorite}</output>;
}

function setup(ua: string, handler: (op: RecordedOperation) => MockResult) {
  const { client, calls } = mockApolloClient((op) => {
    if (op.operationName === 'FavoriteKeys')
      return {
        data: {
          requiredUserData: {
            __typename: 'User',
            bukken: { __typename: 'UserBukken', favorites: [{ __typename: 'FavoriteBukken', globalKey: 'old1', addedAt: '2024-01-01' }] },
          },
        } satisfies FavoriteKeysQuery,
      };
    return handler(op);
  });
  const ctx = clientContextFromRequest({ userAgent: ua, referer: '', host: 'sumika.example', now: new Date('2024-10-03T00:00:00Z'), env: 'localhost' });
  const wrap = (children: ReactNode) => (
    <ApolloProvider client={client}>
      <ClientContextProvider value={ctx}>
        <ToastProvider>
          <StockCountsProvider initialCounts={{ favorite: 3, detail: 0, search: 0 }} serverCounts={null}>
            <FavoritesProvider>{children}</FavoritesProvider>
          </StockCountsProvider>
        </ToastProvider>
      </ClientContextProvider>
    </ApolloProvider>
  );
  render(wrap(<Probe />));
  return { calls };
}

const added = (keys: string[], deleted: string[] = []): MockResult => ({
  data: { addFavorites: { __typename: 'AddFavoritesPayload', addGlobalKeys: keys, deleteGlobalKeys: deleted, saved: true } } satisfies AddFavoritesMutation,
});
const failed = (code: string, extensions: Record<string, unknown> = {}): MockResult => ({ errors: [{ message: code, extensions: { code, ...extensions } }] });

beforeEach(() => {
  document.cookie = 'favorite_dialog_restriction=; Max-Age=0; Path=/';
});

it('loads the favorite keys after mount', async () => {
  setup(PC_UA, () => ({ data: null }));
  await waitFor(() => expect(favorites.isFavorite('old1')).toBe(true));
  expect(favorites.isFavorite('nope')).toBe(false);
});

it('desktop add: the success dialog, +1 on the badge, closes itself after 2.5 s', async () => {
  const { calls } = setup(PC_UA, () => added(['b1']));
  await waitFor(() => expect(favorites.isFavorite('old1')).toBe(true));
  jest.useFakeTimers();
  try {
    await act(async () => {
      await favorites.add('b1');
    });
    expect(calls.find((c) => c.operationName === 'AddFavorites')?.variables).toEqual({ globalKeys: ['b1'] });
    // The dialog's chunk started loading with add(), so it is there by the answer: finding it
    // advances no fake time, and the auto-close below is timed from the open.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveProperty('dataset.kind', 'successAdd');
    expect(dialog.textContent).toContain('お気に入り物件に追加しました');
    expect(screen.getByTestId('fav-count').textContent).toBe('4');
    expect(favorites.isFavorite('b1')).toBe(true);
    act(() => void jest.advanceTimersByTime(2499));
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});

it('mobile add: a toast instead, after the do-not-show-again cookie', async () => {
  document.cookie = 'favorite_dialog_restriction=1; Path=/';
  setup(SP_UA, () => added(['b1']));
  await act(async () => {
    await favorites.add(['b1']);
  });
  expect(favorites.dialog.kind).toBe('none');
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByText('お気に入り物件に追加しました').closest('.sk-toast')).not.toBeNull();
});

it('mobile add first time: the dialog with the ticked box; closing sets the 90-day cookie', async () => {
  setup(SP_UA, () => added(['b1']));
  await act(async () => {
    await favorites.add(['b1']);
  });
  const box = (await screen.findByRole('checkbox', { name: '次回から表示しない' })) as HTMLInputElement;
  expect(box.checked).toBe(true);
  fireEvent.click(screen.getAllByRole('button', { name: '閉じる' })[0] as HTMLElement);
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.cookie).toContain('favorite_dialog_restriction=1');
});

it('conflict: marks the keys and raises the count by one', async () => {
  setup(PC_UA, () => failed('CONFLICT', { globalKeys: ['b9'] }));
  await act(async () => {
    const r = await favorites.add(['b9']);
    expect(r).toEqual({ ok: false, code: 'CONFLICT' });
  });
  expect((await screen.findByRole('dialog')).textContent).toContain('すでにお気に入りに追加されています。');
  expect(screen.getByRole('link', { name: 'お気に入り一覧を見る' }).getAttribute('href')).toBe('/favorite');
  expect(favorites.isFavorite('b9')).toBe(true);
  expect(screen.getByTestId('fav-count').textContent).toBe('4');
});

it('over limit: add anyway re-calls with forceCreate and deletes the oldest', async () => {
  const { calls } = setup(PC_UA, (op) => (op.variables.forceCreate ? added(['b51'], ['old1']) : failed('OVER_LIMIT', { limit: 50, count: 50 })));
  await waitFor(() => expect(favorites.isFavorite('old1')).toBe(true));
  await act(async () => {
    await favorites.add(['b51']);
  });
  expect((await screen.findByRole('dialog')).textContent).toContain('お気に入りに保存できる物件は50件までです。');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '古い物件を削除して追加する' }));
  });
  await waitFor(() => expect(screen.getByRole('dialog')).toHaveProperty('dataset.kind', 'successAdd'));
  const adds = calls.filter((c) => c.operationName === 'AddFavorites');
  expect(adds.map((c) => c.variables)).toEqual([{ globalKeys: ['b51'] }, { globalKeys: ['b51'], forceCreate: true }]);
  expect(favorites.isFavorite('b51')).toBe(true);
  expect(favorites.isFavorite('old1')).toBe(false);
  expect(screen.getByTestId('fav-count').textContent).toBe('3');
});

it('other errors: エラーのため保存できませんでした。', async () => {
  setup(PC_UA, () => failed('BAD_REQUEST'));
  await act(async () => {
    await favorites.add(['b1']);
  });
  expect((await screen.findByRole('dialog')).textContent).toContain('エラーのため保存できませんでした。');
});

it('delete: 削除しました。 on desktop, -1 on the badge; failure message', async () => {
  let fail = false;
  setup(PC_UA, () =>
    fail
      ? failed('NOT_FOUND')
      : { data: { deleteFavorites: { __typename: 'DeleteFavoritesPayload', deleteGlobalKeys: ['old1'], saved: true } } satisfies DeleteFavoritesMutation },
  );
  await waitFor(() => expect(favorites.isFavorite('old1')).toBe(true));
  await act(async () => {
    await favorites.remove('old1');
  });
  expect((await screen.findByRole('dialog')).textContent).toContain('削除しました。');
  expect(screen.getByTestId('fav-count').textContent).toBe('2');
  expect(favorites.isFavorite('old1')).toBe(false);
  fail = true;
  await act(async () => {
    await favorites.remove('old1');
  });
  await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('エラーのため削除できませんでした。'));
});

it('empty selection: asks to select at least one, without calling the API', async () => {
  const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  const { calls } = setup(PC_UA, () => added([]));
  await act(async () => {
    expect(await favorites.add([])).toEqual({ ok: false, code: 'EMPTY_SELECTION' });
  });
  expect(alert).toHaveBeenCalledWith('お気に入りに追加する物件を1件以上選択してください。');
  expect(calls.some((c) => c.operationName === 'AddFavorites')).toBe(false);
  alert.mockRestore();
});
