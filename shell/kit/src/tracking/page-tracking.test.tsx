import { act, render, screen } from '@testing-library/react';
import { ClientContextProvider } from '../client-context/client-context-provider.js';
import { DEFAULT_CLIENT_CONTEXT } from '../client-context/client-context.js';
import { MemoryRouter, useNavigate } from '../router/router.js';
import { PageTrackingDebug, getPageTrackingCounts, resetPageTrackingCounts, usePageTracking } from './page-tracking.js';

let navigate: (to: string) => void;
function Page() {
  usePageTracking('list');
  navigate = useNavigate();
  return null;
}

beforeEach(() => {
  resetPageTrackingCounts();
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
  document.cookie = 'debug=; Max-Age=0; Path=/';
});

it('counts one page view per navigation and pushes it to dataLayer', () => {
  render(
    <MemoryRouter initialPath="/search/tokyo">
      <Page />
    </MemoryRouter>,
  );
  expect(getPageTrackingCounts()).toEqual({ list: 1 });
  act(() => navigate('/search/osaka'));
  expect(getPageTrackingCounts()).toEqual({ list: 2 });
  const layer = (window as unknown as { dataLayer: { page_path: string; page_kind: string }[] }).dataLayer;
  expect(layer.map((e) => [e.page_kind, e.page_path])).toEqual([
    ['list', '/search/tokyo'],
    ['list', '/search/osaka'],
  ]);
});

it('marks only the landing page view as externally referred', () => {
  render(
    <MemoryRouter initialPath="/search/tokyo">
      <ClientContextProvider value={{ ...DEFAULT_CLIENT_CONTEXT, isExternalReferrer: true }}>
        <Page />
      </ClientContextProvider>
    </MemoryRouter>,
  );
  act(() => navigate('/search/osaka'));
  const layer = (window as unknown as { dataLayer: { page_path: string; external_referrer: boolean }[] }).dataLayer;
  expect(layer.map((e) => [e.page_path, e.external_referrer])).toEqual([
    ['/search/tokyo', true],
    ['/search/osaka', false],
  ]);
});

it('shows the counts only when the debug cookie is 1', () => {
  const { unmount } = render(<PageTrackingDebug />);
  expect(screen.queryByLabelText('page tracking debug')).toBeNull();
  unmount();
  document.cookie = 'debug=1; Path=/';
  render(
    <MemoryRouter>
      <Page />
      <PageTrackingDebug />
    </MemoryRouter>,
  );
  expect(screen.getByLabelText('page tracking debug').textContent).toContain('list: 1');
});
