import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Suspense } from 'react';
import { RemoteStyles, type StylesLoader } from './remote-styles.js';

// React remembers the styles it hoisted per document: each test uses an href of its own.
const CSS = '.r-box{color:#2b9348}';

/**
 * Lets React retry what suspended on a settled promise and reveal it (React may hold a reveal for a
 * while after a fallback showed): steps inside act until `done` holds, for at most two seconds.
 */
async function settle(done: () => boolean = () => true): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await act(async () => new Promise((r) => setTimeout(r, 25)));
    if (done()) return;
  }
}
const shown = () => screen.queryByText('物件') !== null;
const loader = () => jest.fn<StylesLoader>(() => Promise.resolve(CSS));

function Page({ load, href = 'mf-test' }: { load: StylesLoader; href?: string }) {
  return (
    <div>
      <RemoteStyles href={href} load={load} />
      <p className="r-box">物件</p>
    </div>
  );
}

test('the server renders the stylesheet once its text has loaded', async () => {
  // The first render suspends on the text (the shell's data pass waits for it); later ones are synchronous.
  const warm = loader();
  await act(async () => {
    render(
      <Suspense fallback="loading">
        <Page load={warm} href="mf-one" />
      </Suspense>,
    );
  });
  await settle(shown);
  expect(screen.getByText('物件')).toBeTruthy();
  expect(warm).toHaveBeenCalledTimes(1);
  // As on the server, where there is no document with the style in it.
  document.head.querySelector('style[data-href="mf-one"]')?.remove();
  const html = renderToString(<Page load={warm} href="mf-one" />);
  expect(html).toContain(CSS);
  expect(html).toContain('data-href="mf-one"');
  expect(warm).toHaveBeenCalledTimes(1);
});

test('a server-rendered page hydrates without loading the text again and without warnings', async () => {
  // The server's render: the text loaded once (a render that suspended), then the HTML.
  const serverLoad = loader();
  let first!: ReturnType<typeof render>;
  await act(async () => {
    first = render(
      <Suspense fallback="loading">
        <Page load={serverLoad} href="mf-two" />
      </Suspense>,
    );
  });
  await settle(shown);
  first.unmount();
  document.head.querySelector('style[data-href="mf-two"]')?.remove();
  const html = renderToString(<Page load={serverLoad} href="mf-two" />);

  // What the shell sends: the style hoisted into <head>, the page in #root.
  const container = document.createElement('div');
  container.innerHTML = html;
  const style = container.querySelector('style');
  expect(style).not.toBeNull();
  document.head.appendChild(style!);
  document.body.appendChild(container);

  const browserLoad = loader();
  const errors: unknown[] = [];
  const spy = jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page load={browserLoad} href="mf-two" />, { onRecoverableError: (e) => void errors.push(e) });
  });
  spy.mockRestore();
  expect(errors).toEqual([]);
  expect(browserLoad).not.toHaveBeenCalled();
  expect(document.querySelectorAll('style[data-href="mf-two"]')).toHaveLength(1);
  expect(container.textContent).toBe('物件');
  act(() => root?.unmount());
});

test('after a client-side navigation the page waits for the text, then the style is in <head>', async () => {
  let resolve!: (css: string) => void;
  const load = jest.fn<StylesLoader>(() => new Promise((r) => (resolve = r)));
  await act(async () => {
    render(
      <Suspense fallback="読み込み中…">
        <Page load={load} href="mf-three" />
      </Suspense>,
    );
  });
  expect(screen.getByText('読み込み中…')).toBeTruthy();
  expect(screen.queryByText('物件')).toBeNull();
  await act(async () => resolve(CSS));
  await settle(shown);
  expect(screen.getByText('物件')).toBeTruthy();
  const style = document.head.querySelector('style[data-href="mf-three"]');
  expect(style?.textContent).toBe(CSS);
  expect(load).toHaveBeenCalledTimes(1);
});

test('refuses an href that cannot be a selector', () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Page load={loader()} href={'x"]'} />)).toThrow(/bad href/);
  spy.mockRestore();
});
