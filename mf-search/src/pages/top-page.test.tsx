import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SearchTopPageQuery } from '../__generated__/operations.js';
import { SEARCH_TOP_PAGE } from '../features/top/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import TopPage from './top-page.js';

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
  specials: [{ __typename: 'Special', path: 'pet', name: 'ペット可', topImage: '/p.jpg', bukkenCount: 1800 }],
  searchBukkensCount: { __typename: 'BukkenTotal', count: 1234567 },
  newBukkens: [
    {
      __typename: 'Bukken',
      globalKey: 'bk000000001',
      name: 'サンハイツ新宿',
      address: '東京都新宿区西新宿1-1',
      chinryou: 85000,
      plan: '1LDK',
      area: 35.5,
      imageGroup: { __typename: 'ImageGroup', gaikanUrl: '/g1.jpg' },
    },
    null,
  ],
};

it('shows the total, the map, the specials and the guides', async () => {
  const { setMeta } = renderPage(TopPage, { path: '/', mocks: [{ request: { query: SEARCH_TOP_PAGE }, result: { data: top } }] });
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: '賃貸住宅・賃貸物件の検索サイト｜すみか', canonical: '/' }));
  expect(screen.queryByTestId('top-page')).toBeNull();
  expect((await screen.findByTestId('top-total')).textContent).toBe('掲載物件1,234,567件');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('賃貸物件を探すなら すみか');
  fireEvent.click(within(screen.getByRole('region', { name: 'エリアから探す' })).getByRole('button', { name: /近畿/ }));
  expect(screen.getByRole('link', { name: '大阪府' }).getAttribute('href')).toBe('/osaka');
  expect(within(screen.getByTestId('special-list')).getByRole('link').getAttribute('href')).toBe('/topic/pet');
  expect(within(screen.getByTestId('special-list')).getByRole('link').textContent).toBe('ペット可1,800件');
  expect(screen.getByRole('link', { name: 'はじめての部屋探しガイド' }).getAttribute('href')).toBe('/statics/beginner');
  expect(screen.getByRole('link', { name: '大学・学校から探す' }).getAttribute('href')).toBe('/campus');
});

it('leads to every way in (line, commute, map, campus, conditions) and lists the newest listings (issue 16)', async () => {
  renderPage(TopPage, { path: '/', mocks: [{ request: { query: SEARCH_TOP_PAGE }, result: { data: top } }] });
  const ways = within((await screen.findByRole('heading', { name: 'ほかの探し方' })).parentElement!);
  expect(ways.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['路線・駅から探す', '/search?by=line'],
    ['通勤・通学時間から探す', '/search?by=commute'],
    ['地図から探す', '/search/map'],
    ['大学・学校から探す', '/campus'],
    ['こだわり条件から探す', '/search/option'],
  ]);
  const listings = screen.getByTestId('new-listings');
  // A listing the bukken subgraph could not give (null) is left out.
  expect(within(listings).getAllByRole('listitem')).toHaveLength(1);
  expect(within(listings).getByRole('link', { name: 'サンハイツ新宿' }).getAttribute('href')).toBe('/bukken/detail/bk000000001');
  expect(within(listings).getByRole('listitem').textContent).toContain('8.5万円 1LDK / 35.5m²東京都新宿区西新宿1-1');
});

it('shows the error box when the top page could not be read', async () => {
  renderPage(TopPage, { path: '/', mocks: [{ request: { query: SEARCH_TOP_PAGE }, result: { data: null, errors: [partDown(['searchBukkensCount'])] } }] });
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByTestId('top-page')).toBeNull();
});

it('fetches the first special’s image at once and with high priority (the largest paint), the others lazily', async () => {
  const specials = [top.specials[0]!, { ...top.specials[0]!, path: 'designers', name: 'デザイナーズ', topImage: '/d.jpg' }];
  renderPage(TopPage, { path: '/', mocks: [{ request: { query: SEARCH_TOP_PAGE }, result: { data: { ...top, specials } } }] });
  const images = Array.from((await screen.findByTestId('special-list')).querySelectorAll('img'));
  expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
    ['eager', 'high'],
    ['lazy', null],
  ]);
});
