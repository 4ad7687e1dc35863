import { act, render, screen, waitFor } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, useNavigate } from '../router/router.js';
import { mockApolloClient } from '../testing/mock-apollo.js';
import { StockCountsProvider, useStockCounts, type StockCounts, type StockCountsApi } from './stock-counts-provider.js';
import type { RequiredUserDataQuery } from '../__generated__/operations.js';

let api: StockCountsApi;
let navigate: (to: string) => void;
function Badges() {
  api = useStockCounts();
  navigate = useNavigate();
  const { favorite, detail, search } = api.counts;
  return <output>{`${favorite}/${detail}/${search}`}</output>;
}
const shown = () => screen.getByRole('status').textContent;

const user = (c: StockCounts) => ({
  data: {
    requiredUserData: {
      __typename: 'User',
      lastUpdatedAt: '2024-10-03T00:00:00Z',
      existApplyData: false,
      admin: false,
      stockCount: { __typename: 'StockCount', incomplete: 0, alert: 0, ...c },
      lastSearchCondition: {
        __typename: 'LastSearchCondition',
        searchPath: '/search/tokyo',
        searchText: '東京都',
        conditionText: null,
        prefectureName: '東京都',
        gdCityName: null,
        citiesShortName: null,
        linesStationsName: null,
        specialName: null,
      },
    },
  } satisfies RequiredUserDataQuery,
});

it('takes the server-supplied counts on navigation when they differ', async () => {
  const { client } = mockApolloClient(() => ({ data: null }));
  const tree = (serverCounts: StockCounts) => (
    <ApolloProvider client={client}>
      <MemoryRouter>
        <StockCountsProvider initialCounts={{ favorite: 1, detail: 2, search: 3 }} serverCounts={serverCounts}>
          <Badges />
        </StockCountsProvider>
      </MemoryRouter>
    </ApolloProvider>
  );
  const first = { favorite: 1, detail: 2, search: 3 };
  const { rerender } = render(tree(first));
  expect(shown()).toBe('1/2/3');
  act(() => api.adjust('favorite', 1));
  expect(shown()).toBe('2/2/3');
  // a new page's data: different counts win
  rerender(tree({ favorite: 5, detail: 9, search: 3 }));
  expect(shown()).toBe('5/9/3');
  act(() => api.set({ search: 4 }));
  expect(shown()).toBe('5/9/4');
  act(() => api.adjust('detail', -20));
  expect(shown()).toBe('5/0/4');
});

it('without server counts, reads requiredUserData on mount and on each navigation', async () => {
  let counts = { favorite: 2, detail: 7, search: 1 };
  const { client, calls } = mockApolloClient(() => user(counts));
  render(
    <ApolloProvider client={client}>
      <MemoryRouter>
        <StockCountsProvider>
          <Badges />
        </StockCountsProvider>
      </MemoryRouter>
    </ApolloProvider>,
  );
  await waitFor(() => expect(shown()).toBe('2/7/1'));
  expect(api.lastSearchCondition?.searchPath).toBe('/search/tokyo');
  counts = { favorite: 3, detail: 8, search: 1 };
  act(() => navigate('/favorite'));
  await waitFor(() => expect(shown()).toBe('3/8/1'));
  expect(calls.filter((c) => c.operationName === 'RequiredUserData')).toHaveLength(2);
});

it('refresh keeps the old counts when the server fails', async () => {
  const { client } = mockApolloClient(() => ({ errors: [{ message: 'down' }] }));
  render(
    <ApolloProvider client={client}>
      <StockCountsProvider initialCounts={{ favorite: 4, detail: 0, search: 0 }}>
        <Badges2 />
      </StockCountsProvider>
    </ApolloProvider>,
  );
  await act(async () => {
    expect(await api.refresh()).toBeNull();
  });
  expect(shown()).toBe('4/0/0');
});
function Badges2() {
  api = useStockCounts();
  return <output>{`${api.counts.favorite}/${api.counts.detail}/${api.counts.search}`}</output>;
}
