import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { KitLink } from './kit-link.js';
import {
  BrowserRouter,
  MemoryRouter,
  StaticRouter,
  createMemoryHistory,
  setNavigationPreparer,
  splitUrl,
  useLocation,
  useNavigate,
  useOptionalLocation,
  type Navigate,
  type NavigationPreparer,
  type RouterLocation,
} from './router.js';

const seen: RouterLocation[] = [];
let navigate: Navigate;

function Probe() {
  const location = useLocation();
  navigate = useNavigate();
  seen.push(location);
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}|{location.key}
    </p>
  );
}

const where = () => screen.getByTestId('where').textContent ?? '';
const keyOf = () => where().split('|')[1];

// jsdom does not scroll; the router scrolls to the top on a new entry.
const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);

beforeEach(() => {
  seen.length = 0;
  scrollTo.mockClear();
  window.history.replaceState(null, '', '/');
});
afterEach(cleanup);

describe('BrowserRouter', () => {
  it('reads the address bar, and a link navigates on the client with a fresh key', () => {
    window.history.replaceState(null, '', '/search/results?page=2');
    render(
      <BrowserRouter>
        <Probe />
        <KitLink to="/favorite?x=1">お気に入り</KitLink>
      </BrowserRouter>,
    );
    expect(where()).toBe('/search/results?page=2|default');
    const before = window.history.length;
    fireEvent.click(screen.getByText('お気に入り'));
    expect(window.location.pathname + window.location.search).toBe('/favorite?x=1');
    expect(window.history.length).toBe(before + 1);
    expect(where()).toMatch(/^\/favorite\?x=1\|(?!default)\w+$/);
  });

  it('changes the key on a navigation to the same URL, and back restores the entry', async () => {
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    act(() => navigate('/favorite'));
    const first = keyOf();
    act(() => navigate('/favorite'));
    const second = keyOf();
    expect(second).not.toBe(first);
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(where()).toBe(`/favorite|${first}`);
  });

  it('a new entry starts at the top of the page; a replaced one and a fragment link keep the scroll', () => {
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    act(() => navigate('/search/results?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => navigate('/search/results?page=3', { replace: true }));
    act(() => navigate('/statics/help#faq'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('replace swaps the current entry', () => {
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    const before = window.history.length;
    act(() => navigate('/search?q=1', { replace: true }));
    expect(window.history.length).toBe(before);
    expect(where()).toMatch(/^\/search\?q=1\|/);
  });

  it('is not moved by entries pushed outside the router that copy the state (the leave popup marker)', () => {
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    act(() => navigate('/landing'));
    const key = keyOf();
    const count = seen.length;
    act(() => {
      window.history.replaceState({ ...window.history.state, marker: 'before' }, '');
      window.history.pushState({ ...window.history.state, marker: 'after' }, '');
    });
    expect(keyOf()).toBe(key);
    expect(seen.length).toBe(count);
  });

  it('leaves clicks with a modifier key, other sites and a prevented default to the browser', () => {
    const onClick = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <BrowserRouter>
        <Probe />
        <KitLink to="/a">a</KitLink>
        <KitLink to="https://example.com/">外部</KitLink>
        <KitLink to="/b" onClick={onClick}>
          b
        </KitLink>
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByText('a'), { ctrlKey: true });
    fireEvent.click(screen.getByText('b'));
    expect(onClick).toHaveBeenCalled();
    expect(where()).toMatch(/^\/\|/);
    expect(seen.length).toBe(1);
    expect(screen.getByText('外部').getAttribute('href')).toBe('https://example.com/');
  });
});

describe('the navigation preparer', () => {
  afterEach(() => setNavigationPreparer(undefined));

  it('a navigation changes the URL only once the preparer is done with it', async () => {
    let release!: () => void;
    const preparer = jest.fn<NavigationPreparer>((_to, reason) => (reason === 'navigate' ? new Promise<void>((r) => (release = r)) : undefined));
    setNavigationPreparer(preparer);
    render(
      <BrowserRouter>
        <Probe />
        <KitLink to="/favorite">お気に入り</KitLink>
      </BrowserRouter>,
    );
    const before = where();
    fireEvent.click(screen.getByText('お気に入り'));
    expect(preparer).toHaveBeenCalledWith('/favorite', 'navigate');
    expect(window.location.pathname).toBe('/');
    expect(where()).toBe(before);
    await act(async () => release());
    expect(window.location.pathname).toBe('/favorite');
    expect(where()).toMatch(/^\/favorite\|(?!default)\w+$/);
  });

  it('a preparer that fails does not keep the visitor where they were', async () => {
    setNavigationPreparer(() => Promise.reject(new Error('chunk failed')));
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    await act(async () => navigate('/statics/help'));
    expect(window.location.pathname).toBe('/statics/help');
  });

  it('nothing pending: the navigation is immediate', () => {
    setNavigationPreparer(() => undefined);
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    act(() => navigate('/campus'));
    expect(where()).toMatch(/^\/campus\|/);
  });

  it("a link's hover, focus or touch asks to fetch ahead, except with preventPrefetch", () => {
    const preparer = jest.fn<NavigationPreparer>(() => undefined);
    setNavigationPreparer(preparer);
    const onFocus = jest.fn();
    render(
      <BrowserRouter>
        <KitLink to="/topic/pet" onFocus={onFocus}>
          ペット
        </KitLink>
        <KitLink to="/favorite" preventPrefetch>
          お気に入り
        </KitLink>
        <KitLink to="https://example.com/">外部</KitLink>
      </BrowserRouter>,
    );
    fireEvent.pointerEnter(screen.getByText('ペット'));
    fireEvent.focus(screen.getByText('ペット'));
    fireEvent.touchStart(screen.getByText('ペット'));
    expect(preparer.mock.calls).toEqual([
      ['/topic/pet', 'intent'],
      ['/topic/pet', 'intent'],
      ['/topic/pet', 'intent'],
    ]);
    expect(onFocus).toHaveBeenCalledTimes(1);
    fireEvent.pointerEnter(screen.getByText('お気に入り'));
    fireEvent.pointerEnter(screen.getByText('外部'));
    expect(preparer).toHaveBeenCalledTimes(3);
  });
});

describe('StaticRouter', () => {
  it('renders the request URL on the server, and the browser hydrates it without a mismatch', () => {
    const html = renderToString(
      <StaticRouter location="/search/results?page=3">
        <Probe />
        <KitLink to="/favorite">お気に入り</KitLink>
      </StaticRouter>,
    );
    expect(html).toContain('/search/results<!-- -->?page=3<!-- -->|<!-- -->default');
    expect(html).toContain('href="/favorite"');

    window.history.replaceState({ key: 'left-from-before-a-reload' }, '', '/search/results?page=3');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    act(() => {
      hydrateRoot(
        container,
        <BrowserRouter>
          <Probe />
          <KitLink to="/favorite">お気に入り</KitLink>
        </BrowserRouter>,
        { onRecoverableError: (e) => errors.push(e) },
      );
    });
    expect(errors).toEqual([]);
    // The entry's state from before a reload is not a navigation of this page.
    expect(container.querySelector('[data-testid="where"]')?.textContent).toMatch(/^\/search\/results\?page=3\|(?!left-from)\w+$/);
    container.remove();
  });

  it('does not navigate', () => {
    render(
      <StaticRouter location="/a">
        <Probe />
      </StaticRouter>,
    );
    act(() => navigate('/b'));
    expect(where()).toBe('/a|default');
  });
});

describe('MemoryRouter', () => {
  it('records pushes and replaces', () => {
    const history = createMemoryHistory('/start?x=1');
    render(
      <MemoryRouter history={history}>
        <Probe />
      </MemoryRouter>,
    );
    expect(where()).toBe('/start?x=1|default');
    act(() => navigate('/next'));
    act(() => navigate('/last#top', { replace: true }));
    expect(history.entries.map((e) => e.pathname + e.search)).toEqual(['/start?x=1', '/last']);
    expect(where()).toMatch(/^\/last\|\w+$/);
  });
});

it('outside a router: useOptionalLocation is null, KitLink a plain anchor, useLocation throws', () => {
  function Optional() {
    return <p data-testid="optional">{String(useOptionalLocation())}</p>;
  }
  render(
    <>
      <Optional />
      <KitLink to="/favorite">お気に入り</KitLink>
    </>,
  );
  expect(screen.getByTestId('optional').textContent).toBe('null');
  expect(screen.getByText('お気に入り').getAttribute('href')).toBe('/favorite');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Probe />)).toThrow(/needs a BrowserRouter/);
});

it('splitUrl separates the path and the query and drops the fragment', () => {
  expect(splitUrl('/a?b=1#c')).toEqual({ pathname: '/a', search: '?b=1' });
  expect(splitUrl('/a?')).toEqual({ pathname: '/a', search: '' });
  expect(splitUrl('')).toEqual({ pathname: '/', search: '' });
});
