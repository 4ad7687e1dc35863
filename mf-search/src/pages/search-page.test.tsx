import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SearchTopPageQuery } from '../__generated__/operations.js';
import { SEARCH_TOP_PAGE } from '../features/top/index.js';
import SearchPage from './search-page.js';

afterEach(cleanup);

const top: SearchTopPageQuery = {
  regions: {
    __typename: 'RegionList',
    regions: [
      {
        __typename: 'Region',
        code: 'kinki',
        name: '近畿',
        prefectures: [{ __typename: 'Prefecture', code: 27, name: '大阪府', path: 'osaka', bukkenCount: 4000 }],
      },
    ],
  },
  specials: [],
  searchBukkensCount: { __typename: 'BukkenTotal', count: 1234567 },
  newBukkens: [],
};
const searchPage = (result: { data: SearchTopPageQuery | null; errors?: ReturnType<typeof partDown>[] }, delay = 0, search = '') =>
  renderPage(SearchPage, { path: '/search', search, routeId: 'search', mocks: [{ request: { query: SEARCH_TOP_PAGE }, result, delay }] });
const picker = () => screen.getByRole('heading', { name: '都道府県を選ぶ' }).parentElement!;

it('leads from a prefecture of the map to its cities and lines, and to the other ways to search', async () => {
  const { setMeta } = searchPage({ data: top });
  fireEvent.click(await within(picker()).findByRole('button', { name: /近畿/ }));
  expect(screen.getByRole('link', { name: '大阪府' }).getAttribute('href')).toBe('/search/cities_lines/osaka');
  expect(screen.getByRole('link', { name: 'こだわり条件から探す' }).getAttribute('href')).toBe('/search/option');
  expect(screen.getByRole('link', { name: '地図から探す' }).getAttribute('href')).toBe('/search/map');
  expect(screen.getByRole('link', { name: '大学・学校から探す' }).getAttribute('href')).toBe('/campus');
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '賃貸物件を探す｜すみか', canonical: '/search' }));
  await act(async () => undefined);
});

it('keeps the other ways to search while the map loads', async () => {
  searchPage({ data: top }, 50);
  expect(within(picker()).queryByRole('button')).toBeNull();
  expect(screen.getByRole('link', { name: '地図から探す' })).toBeTruthy();
  expect(await within(picker()).findByRole('button', { name: /近畿/ })).toBeTruthy();
  await act(async () => undefined);
});

it('shows the error box when the prefectures could not be read', async () => {
  searchPage({ data: null, errors: [partDown(['regions'])] });
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: '都道府県を選ぶ' })).toBeNull();
});

it('shows the error box on a network error', async () => {
  renderPage(SearchPage, { path: '/search', routeId: 'search', mocks: [{ request: { query: SEARCH_TOP_PAGE }, error: new Error('network down') }] });
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
});

it.each([
  ['?by=line', '/search/lines/osaka', '路線・駅から賃貸物件を探す'],
  ['?by=commute', '/search/nmin_stations/osaka', '通勤・通学時間から賃貸物件を探す'],
])('with %s a prefecture leads straight to that way in (the top page links them)', async (search, href, title) => {
  const { setMeta } = searchPage({ data: top }, 0, search);
  fireEvent.click(await within(picker()).findByRole('button', { name: /近畿/ }));
  expect(screen.getByRole('link', { name: '大阪府' }).getAttribute('href')).toBe(href);
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: `${title}｜すみか`, canonical: `/search${search}`, pageTitle: title }));
  await act(async () => undefined);
});
