import { jest } from '@jest/globals';
import { renderPage } from '@sumika/shell-kit/testing';
import { parseSearchHref } from '@sumika/spec';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { CommuteStationSuggestsQuery } from '../__generated__/operations.js';
import { COMMUTE_STATION_SUGGESTS, CommuteForm, commuteSlotsOf } from '../features/commute/index.js';
import CommutePage from './commute-page.js';

afterEach(cleanup);

type Match = CommuteStationSuggestsQuery['stationSuggests'][number];
const station = (ekitanCode: number, name: string, kana: string, lines: string[]): Match => ({
  __typename: 'StationSuggest',
  ekitanCode,
  name,
  kana,
  prefectureName: '東京都',
  lines: lines.map((l, i) => ({ __typename: 'Line', code: 11300 + i, name: l })),
});
const shinjuku = station(1130208, '新宿', 'しんじゅく', ['JR山手線', 'JR中央線']);
const shibuya = station(1130205, '渋谷', 'しぶや', ['JR山手線']);
const suggests = (keyword: string, matches: Match[]) => ({
  request: { query: COMMUTE_STATION_SUGGESTS, variables: { keyword } },
  result: { data: { stationSuggests: matches } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});
const mocks = [suggests('新宿', [shinjuku]), suggests('shinjuku', [shinjuku]), suggests('しぶや', [shibuya]), suggests('渋谷', [shibuya])];

const slot = (i: number) => screen.getByTestId(`commute-slot-${i}`);
const type = (i: number, word: string) => fireEvent.change(within(slot(i)).getByLabelText('駅名（漢字・かな・ローマ字）'), { target: { value: word } });

it('picks two destinations by name and kana as they are typed, and searches the URL with both commute values', async () => {
  const onSearch = jest.fn<(url: string) => void>();
  function Form() {
    return <CommuteForm prefecturePath="tokyo" initialSlots={commuteSlotsOf('')} onSearch={onSearch} />;
  }
  renderPage(Form, { path: '/search/nmin_stations/tokyo', mocks });
  type(1, '新宿');
  fireEvent.click(await within(slot(1)).findByRole('radio', { name: /新宿（東京都）/ }));
  fireEvent.change(within(slot(1)).getByLabelText('乗り換え'), { target: { value: '1' } });
  type(2, 'しぶや');
  fireEvent.click(await within(slot(2)).findByRole('radio', { name: /渋谷（東京都）/ }));
  fireEvent.change(within(slot(2)).getByLabelText('所要時間'), { target: { value: '45' } });
  fireEvent.click(screen.getByRole('button', { name: 'この条件で検索する' }));
  expect(onSearch).toHaveBeenCalledTimes(1);
  const url = onSearch.mock.calls[0]![0];
  expect(url).toBe('/search/results?prefecture=tokyo&commute=1130208_30_1&commute=1130205_45');
  expect(new URLSearchParams(url.split('?')[1]).getAll('commute')).toHaveLength(2);
  const parsed = parseSearchHref(url);
  expect(parsed.ok && parsed.condition.destinationStations).toEqual([
    { stationCode: 1130208, maxMinutes: 30, maxTransfers: 1 },
    { stationCode: 1130205, maxMinutes: 45 },
  ]);
});

it('asks for a station before searching, and typing again forgets the station chosen', async () => {
  const onSearch = jest.fn<(url: string) => void>();
  function Form() {
    return <CommuteForm prefecturePath="tokyo" initialSlots={commuteSlotsOf('')} onSearch={onSearch} />;
  }
  renderPage(Form, { path: '/search/nmin_stations/tokyo', mocks });
  fireEvent.click(screen.getByRole('button', { name: 'この条件で検索する' }));
  expect(screen.getByRole('alert').textContent).toBe('通勤・通学先の駅を選んでください。');
  type(1, 'shinjuku');
  fireEvent.click(await within(slot(1)).findByRole('radio', { name: /新宿/ }));
  type(1, 'shinjuk');
  fireEvent.click(screen.getByRole('button', { name: 'この条件で検索する' }));
  expect(onSearch).not.toHaveBeenCalled();
});

it('opens the results of the form on the client', async () => {
  renderPage(CommutePage, { path: '/search/nmin_stations/tokyo', params: { prefecturePath: 'tokyo' }, routeId: 'search.nmin_stations', mocks });
  type(1, '新宿');
  fireEvent.click(await within(slot(1)).findByRole('radio', { name: /新宿（東京都）/ }));
  fireEvent.click(screen.getByRole('button', { name: 'この条件で検索する' }));
  expect((await screen.findByTestId('location')).textContent).toBe('/search/results');
});

it('works without JavaScript: the page lists the matches of a submitted word, and its GET fields read back', async () => {
  const { setMeta } = renderPage(CommutePage, {
    path: '/search/nmin_stations/tokyo',
    search: '?w1=shinjuku&m1=40&t1=0&w2=&m2=30&t2=&find=1',
    params: { prefecturePath: 'tokyo' },
    routeId: 'search.nmin_stations',
    mocks,
  });
  const radio = await within(slot(1)).findByRole('radio', { name: /新宿（東京都）/ });
  expect(radio.getAttribute('name')).toBe('s1');
  fireEvent.click(radio);
  // What the browser would submit to the page itself reads back into the same slots.
  const form = screen.getByTestId<HTMLFormElement>('commute-form');
  expect(form.getAttribute('action')).toBe('/search/nmin_stations/tokyo');
  const fields = new URLSearchParams();
  for (const [k, v] of new FormData(form)) fields.append(k, String(v));
  expect(commuteSlotsOf(`?${fields}`)[0]).toEqual({ word: 'shinjuku', stationCode: 1130208, minutes: 40, transfers: 0 });
  expect(setMeta).toHaveBeenCalledWith(
    expect.objectContaining({
      canonical: '/search/nmin_stations/tokyo',
      robots: 'noindex, follow',
      pageTitle: '東京都の賃貸物件を通勤・通学時間から探す',
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '東京都の賃貸', path: '/tokyo' }, { text: '通勤・通学時間から探す' }],
    }),
  );
});

it('without JavaScript, a complete submission gives a GET form to the results whose fields the codec reads', async () => {
  renderPage(CommutePage, {
    path: '/search/nmin_stations/tokyo',
    search: '?w1=%E6%96%B0%E5%AE%BF&s1=1130208&m1=30&t1=1&w2=%E6%B8%8B%E8%B0%B7&s2=1130205&m2=45&t2=&w3=&m3=30&t3=&go=1',
    params: { prefecturePath: 'tokyo' },
    routeId: 'search.nmin_stations',
    mocks,
  });
  const form = await screen.findByTestId<HTMLFormElement>('commute-results-form');
  expect(
    within(form)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['新宿駅まで30分以内（乗り換え1回以内）', '渋谷駅まで45分以内']);
  const fields = new URLSearchParams();
  for (const [k, v] of new FormData(form)) fields.append(k, String(v));
  expect(fields.getAll('commute')).toEqual(['1130208_30_1', '1130205_45']);
  const parsed = parseSearchHref(`${form.getAttribute('action')}?${fields}`);
  expect(parsed).toEqual({
    ok: true,
    condition: {
      prefecturePath: 'tokyo',
      destinationStations: [
        { stationCode: 1130208, maxMinutes: 30, maxTransfers: 1 },
        { stationCode: 1130205, maxMinutes: 45 },
      ],
    },
  });
  await act(async () => undefined);
});

it('takes no station the word does not match, and answers 404 for an unknown prefecture', async () => {
  renderPage(CommutePage, {
    path: '/search/nmin_stations/tokyo',
    search: '?w1=%E6%96%B0%E5%AE%BF&s1=999&m1=30&go=1',
    params: { prefecturePath: 'tokyo' },
    routeId: 'search.nmin_stations',
    mocks,
  });
  expect((await screen.findByRole('alert')).textContent).toBe('通勤・通学先の駅を選んでください。');
  expect(screen.queryByTestId('commute-results-form')).toBeNull();
  cleanup();
  const { setStatus } = renderPage(CommutePage, {
    path: '/search/nmin_stations/atlantis',
    params: { prefecturePath: 'atlantis' },
    routeId: 'search.nmin_stations',
    mocks,
  });
  expect(setStatus).toHaveBeenCalledWith(404);
});
