// A remote page that fails to load or throws: the error box with a retry inside the layout, the rest
// of the page untouched, each distinct failure logged once, and a retry that works once the remote does.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { jest } from '@jest/globals';
import { MESSAGES } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import type { RemoteName } from '../routes.js';
import { cachingLoader } from './page-loader.js';
import { remoteErrorLogger } from './remote-errors.js';
import { RemotePage } from './remote-page.js';

const pageProps: Omit<RemotePageProps, 'config'> = {
  params: {},
  search: '',
  route: { id: 'favorite', path: '/favorite', pageKind: 'favorite' },
  setMeta: () => undefined,
  setStatus: () => undefined,
};

function page(state: { broken: boolean }) {
  return function FavoritePage() {
    if (state.broken) throw new Error('Cannot read properties of undefined (reading "favorites")');
    return <p>お気に入り一覧</p>;
  };
}

function renderPage(loader: ReturnType<typeof cachingLoader>, onError: (remote: RemoteName, error: unknown) => void) {
  return render(
    <div>
      <header>ヘッダー</header>
      <RemotePage loader={loader} remote="mf_user" expose="./FavoritePage" pageProps={pageProps} config={{ env: 'test' }} onError={onError} />
      <footer>フッター</footer>
    </div>,
  );
}

let consoleError: ReturnType<typeof jest.spyOn>;
beforeEach(() => {
  // React reports caught render errors on console.error; the logger under test is separate.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

test('a page that throws shows the error box inside the layout; a retry renders it once it works', async () => {
  const state = { broken: true };
  const Page = page(state);
  const loader = cachingLoader(async () => ({ default: Page }));
  await loader.load('mf_user', './FavoritePage');
  const lines: string[] = [];
  const onError = remoteErrorLogger((line, message) => void lines.push(`${line} ${message}`));
  renderPage(loader, onError);

  expect(screen.getByText(MESSAGES.remoteFailed)).toBeTruthy();
  expect(screen.getByText('ヘッダー')).toBeTruthy();
  expect(screen.getByText('フッター')).toBeTruthy();
  expect(screen.queryByText('お気に入り一覧')).toBeNull();

  // Still broken: the same failure again is not logged again.
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '再読み込み' })));
  expect(screen.getByText(MESSAGES.remoteFailed)).toBeTruthy();
  expect(lines).toEqual(['[shell] remote mf_user failed: Cannot read properties of undefined (reading "favorites")']);

  state.broken = false;
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '再読み込み' })));
  expect(screen.getByText('お気に入り一覧')).toBeTruthy();
  expect(screen.queryByText(MESSAGES.remoteFailed)).toBeNull();
});

test('a page that fails to load shows the error box; the retry loads it again', async () => {
  let attempts = 0;
  const Page = page({ broken: false });
  const loader = cachingLoader(async () => {
    attempts += 1;
    if (attempts === 1) throw new Error('Loading script failed: http://127.0.0.1:3003/remoteEntry.js');
    return { default: Page };
  });
  const errors: unknown[] = [];
  await act(async () => {
    renderPage(loader, (_remote, error) => void errors.push(error));
  });
  expect(screen.getByText(MESSAGES.remoteFailed)).toBeTruthy();
  expect(errors).toHaveLength(1);
  expect(String(errors[0])).toContain('Loading script failed');

  await act(async () => fireEvent.click(screen.getByRole('button', { name: '再読み込み' })));
  expect(await screen.findByText('お気に入り一覧')).toBeTruthy();
  expect(attempts).toBe(2);
});

test('a page that failed on the server starts as the error box and loads on retry', async () => {
  const Page = page({ broken: false });
  const loader = cachingLoader(async () => ({ default: Page }));
  render(
    <RemotePage
      loader={loader}
      remote="mf_user"
      expose="./FavoritePage"
      failed="load"
      pageProps={pageProps}
      config={{ env: 'test' }}
      onError={() => undefined}
    />,
  );
  expect(screen.getByText(MESSAGES.remoteFailed)).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '再読み込み' })));
  expect(await screen.findByText('お気に入り一覧')).toBeTruthy();
});

test('a remote that stays down is asked once per retry, not once per render', async () => {
  let attempts = 0;
  const loader = cachingLoader(async () => {
    attempts += 1;
    throw new Error('Loading script failed');
  });
  await act(async () => {
    renderPage(loader, () => undefined);
  });
  await act(async () => new Promise((r) => setTimeout(r, 200)));
  expect(screen.getByText(MESSAGES.remoteFailed)).toBeTruthy();
  expect(attempts).toBe(1);
  await act(async () => fireEvent.click(screen.getByRole('button', { name: '再読み込み' })));
  await act(async () => new Promise((r) => setTimeout(r, 200)));
  expect(screen.getByText(MESSAGES.remoteFailed)).toBeTruthy();
  expect(attempts).toBe(2);
});
