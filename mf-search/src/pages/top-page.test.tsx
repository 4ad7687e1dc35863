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
  specials: [{ __typename: 'Special', path: 'pet', name: 'ペット可', title: 'ペット可の賃貸', topImage: '/p.jpg', bukkenCount: 1800 }],
  searchBukkensCount: { __typename: 'BukkenTotal', count: 1234567 },
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
