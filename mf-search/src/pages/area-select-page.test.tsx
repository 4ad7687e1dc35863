import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { searchUrlOf } from '@sumika/spec';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchAreaListsQuery, SearchAreaListsQueryVariables } from '../__generated__/operations.js';
import { SEARCH_AREA_LISTS, SEARCH_RENT_MARKET } from '../features/areas/index.js';
import AreaSelectPage from './area-select-page.js';

afterEach(cleanup);

type Answer = { data: SearchAreaListsQuery | null; errors?: ReturnType<typeof partDown>[] };
type Line = NonNullable<SearchAreaListsQuery['line']>;

const tokyo: NonNullable<SearchAreaListsQuery['prefecture']> = {
  __typename: 'Prefecture',
  code: 13,
  name: '東京都',
  path: 'tokyo',
  cities: [
    { __typename: 'City', code: 13101, name: '千代田区', bukkenCount: 1200 },
    { __typename: 'City', code: 13361, name: '大島町', bukkenCount: 0 },
  ],
};
const railways: SearchAreaListsQuery['railways'] = [
  {
    __typename: 'Railway',
    code: 'jr-east',
    name: 'JR東日本',
    lines: [{ __typename: 'Line', code: 11302, name: 'JR山手線', colorCode: '#9acd32', bukkenCount: 5400 }],
  },
];
const yamanote: Line = {
  __typename: 'Line',
  code: 11302,
  name: 'JR山手線',
  stations: [
    { __typename: 'Station', code: 1130201, name: '東京', bukkenCount: 300 },
    { __typename: 'Station', code: 1130202, name: '有楽町', bukkenCount: 0 },
  ],
};

const VARS: SearchAreaListsQueryVariables = {
  path: 'tokyo',
  lineCode: 0,
  withStations: false,
  cityCode: 0,
  withTowns: false,
  specialName: '',
  withSpecial: false,
  withBuildingTypes: false,
  countSpecial: null,
  withLineStations: false,
};
const STATION_VARS: SearchAreaListsQueryVariables = { ...VARS, lineCode: 11302, withStations: true };
const lists = (variables: SearchAreaListsQueryVariables, result: Answer, delay = 0) => [{ request: { query: SEARCH_AREA_LISTS, variables }, result, delay }];
const citiesLines = (mocks: Parameters<typeof renderPage>[1]['mocks']) =>
  renderPage(AreaSelectPage, { path: '/search/cities_lines/tokyo', params: { prefecturePath: 'tokyo' }, routeId: 'search.cities_lines', mocks });
const lineStations = (mocks: Parameters<typeof renderPage>[1]['mocks']) =>
  renderPage(AreaSelectPage, {
    path: '/search/line_stations/tokyo/11302',
    params: { prefecturePath: 'tokyo', lineCode: '11302' },
    routeId: 'search.line_stations',
    mocks,
  });

it('lets the visitor tick the cities with listings and follow a line, with the prefecture in the title', async () => {
  const { setMeta, setStatus } = citiesLines(lists(VARS, { data: { prefecture: tokyo, railways } }));
  const chiyoda = await screen.findByRole('checkbox', { name: /千代田区/ });
  expect((chiyoda as HTMLInputElement).disabled).toBe(false);
  expect((screen.getByRole('checkbox', { name: /大島町/ }) as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByText('(1,200)')).toBeTruthy();
  expect(chiyoda.closest('form')?.getAttribute('action')).toBe('/search/results');
  expect((chiyoda.closest('form')?.querySelector('input[name="prefecture"]') as HTMLInputElement).value).toBe('tokyo');
  expect(
    within(screen.getByRole('heading', { name: '沿線を選ぶ' }).parentElement!)
      .getByRole('link', { name: 'JR山手線' })
      .getAttribute('href'),
  ).toBe('/search/line_stations/tokyo/11302');
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ title: '東京都の市区町村・沿線から賃貸物件を探す｜すみか', pageTitle: '東京都の市区町村・沿線から探す' }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it("lists a line's stations, those without listings not tickable", async () => {
  lineStations(lists(STATION_VARS, { data: { prefecture: tokyo, railways, line: yamanote } }));
  const stations = await screen.findByTestId('station-list');
  expect(
    within(stations)
      .getAllByRole('checkbox')
      .map((c) => [(c as HTMLInputElement).value, (c as HTMLInputElement).disabled]),
  ).toEqual([
    ['1130201', false],
    ['1130202', true],
  ]);
  expect(screen.getByRole('heading', { name: 'JR山手線の駅を選ぶ' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: '市区町村を選ぶ' })).toBeNull();
  await act(async () => undefined);
});

it('shows nothing of the pickers while the lists load', async () => {
  const { setMeta } = citiesLines(lists(VARS, { data: { prefecture: tokyo, railways } }, 50));
  expect(screen.queryByTestId('area-select')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(setMeta).not.toHaveBeenCalled();
  expect(await screen.findByTestId('area-select')).toBeTruthy();
  await act(async () => undefined);
});

it('answers 404 for a prefecture or a line that does not exist', async () => {
  const pref = citiesLines(lists(VARS, { data: { prefecture: null, railways: [] } }));
  await waitFor(() => expect(pref.setStatus).toHaveBeenCalledWith(404));
  cleanup();
  const line = lineStations(lists(STATION_VARS, { data: { prefecture: tokyo, railways, line: null } }));
  await waitFor(() => expect(line.setStatus).toHaveBeenCalledWith(404));
  expect(line.container.textContent).toBe('');
});

it('shows the error box when the lists could not be read', async () => {
  const { setStatus } = citiesLines([{ request: { query: SEARCH_AREA_LISTS, variables: VARS }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});

it('shows the error box, not the 404 page nor an empty picker, when the line came back null with an error', async () => {
  const { setStatus } = lineStations(lists(STATION_VARS, { data: { prefecture: tokyo, railways, line: null }, errors: [partDown(['line'])] }));
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalledWith(404);
});

/** What a form would send: its fields in order, as the browser builds them. */
const fields = (form: HTMLFormElement) => [...new FormData(form)].map(([k, v]) => `${k}=${String(v)}`);

it('searches several stations of a line at once', async () => {
  const threeStations: Line = {
    ...yamanote,
    stations: [...yamanote.stations, { __typename: 'Station', code: 1130203, name: '新橋', bukkenCount: 120 }],
  };
  lineStations(lists(STATION_VARS, { data: { prefecture: tokyo, railways, line: threeStations } }));
  const list = await screen.findByTestId('station-list');
  fireEvent.click(within(list).getByRole('checkbox', { name: /東京/ }));
  fireEvent.click(within(list).getByRole('checkbox', { name: /新橋/ }));
  const form = list.closest('form')!;
  expect(fields(form)).toEqual(['prefecture=tokyo', 'station=1130201', 'station=1130203']);
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'この条件で検索する' })));
  expect(screen.getByTestId('location').textContent).toBe('/search/results');
});

it('searches several lines at once, and keeps each line’s link to its stations', async () => {
  citiesLines(lists(VARS, { data: { prefecture: tokyo, railways } }));
  const lines = await screen.findByTestId('line-list');
  fireEvent.click(within(lines).getByRole('checkbox', { name: 'JR山手線で探す' }));
  expect(fields(lines as HTMLFormElement)).toEqual(['prefecture=tokyo', 'line=11302']);
  expect(within(lines).getByRole('link', { name: 'JR山手線' }).getAttribute('href')).toBe('/search/line_stations/tokyo/11302');
  await act(async () => undefined);
});

it('lets the visitor tick several towns of a city; one town opens its own page', async () => {
  const chiyoda = { __typename: 'City' as const, code: 13101, name: '千代田区', prefecture: { __typename: 'Prefecture' as const, code: 13 } };
  const towns = [
    { __typename: 'Town' as const, code: 131010001, name: '丸の内', bukkenCount: 40 },
    { __typename: 'Town' as const, code: 131010002, name: '大手町', bukkenCount: 12 },
  ];
  renderPage(AreaSelectPage, {
    path: '/search/tokyo/city/13101/town',
    params: { prefecturePath: 'tokyo', cityCode: '13101' },
    routeId: 'search.towns',
    mocks: lists({ ...VARS, cityCode: 13101, withTowns: true }, { data: { prefecture: tokyo, railways, city: chiyoda, towns } }),
  });
  const list = await screen.findByTestId('town-list');
  expect(within(list).getByRole('link', { name: '丸の内' }).getAttribute('href')).toBe('/search/tokyo/city/13101/town/131010001');
  expect(screen.getByRole('link', { name: '千代田区の住みやすさ・家賃相場' }).getAttribute('href')).toBe('/livability/tokyo/city/13101');
  fireEvent.click(within(list).getByRole('checkbox', { name: '丸の内で探す' }));
  fireEvent.click(within(list).getByRole('checkbox', { name: '大手町で探す' }));
  const form = list.closest('form')!;
  expect(fields(form)).toEqual(['prefecture=tokyo', 'city=13101', 'town=131010001', 'town=131010002']);
  fireEvent.click(within(list).getByRole('checkbox', { name: '大手町で探す' }));
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'この条件で検索する' })));
  expect(screen.getByTestId('location').textContent).toBe('/search/tokyo/city/13101/town/131010001');
});

it("counts a topic picker's places by the topic: the lists are asked with the special, and links keep it", async () => {
  const vars = { ...VARS, specialName: 'pet', withSpecial: true, countSpecial: 'pet' };
  const petCities = { ...tokyo, cities: [{ __typename: 'City' as const, code: 13101, name: '千代田区', bukkenCount: 35 }] };
  const petRailways = [{ ...railways[0]!, lines: [{ ...railways[0]!.lines[0]!, bukkenCount: 80 }] }];
  const { setMeta } = renderPage(AreaSelectPage, {
    path: '/search/cities_lines/tokyo/topic/pet',
    params: { prefecturePath: 'tokyo', specialName: 'pet' },
    routeId: 'search.cities_lines#1',
    mocks: lists(vars, { data: { prefecture: petCities, railways: petRailways, specialInfo: { __typename: 'Special', path: 'pet' } } }),
  });
  expect(await screen.findByRole('checkbox', { name: /千代田区 \(35\)/ })).toBeTruthy();
  const lines = screen.getByTestId('line-list');
  expect(within(lines).getByText('(80)')).toBeTruthy();
  expect(within(lines).getByRole('link', { name: 'JR山手線' }).getAttribute('href')).toBe('/search/line_stations/tokyo/11302/topic/pet');
  expect(fields(lines as HTMLFormElement)).toContain('special=pet');
  expect(setMeta).toHaveBeenLastCalledWith(expect.objectContaining({ canonical: '/search/cities_lines/tokyo/topic/pet' }));
});

it("/search/stations is a station picker: every line's stations grouped by line, with counts, sent through the codec", async () => {
  const lines = [
    ...railways[0]!.lines,
    { __typename: 'Line' as const, code: 11303, name: 'JR中央線', colorCode: '#f15a22', bukkenCount: 900 },
    { __typename: 'Line' as const, code: 11304, name: '遠い線', colorCode: '#000000', bukkenCount: 0 },
  ];
  const withStations = [{ ...railways[0]!, lines }];
  const prefectureStations = [
    ...yamanote.stations.map((st) => ({ ...st, lineCode: 11302 })),
    { __typename: 'Station' as const, code: 1130301, name: '中野', lineCode: 11303, bukkenCount: 70 },
  ];
  const { setMeta } = renderPage(AreaSelectPage, {
    path: '/search/stations/tokyo',
    params: { prefecturePath: 'tokyo' },
    routeId: 'search.stations',
    mocks: lists({ ...VARS, withLineStations: true }, { data: { prefecture: tokyo, railways: withStations, prefectureStations } }),
  });
  const form = await screen.findByTestId('pref-station-list');
  expect(
    within(form)
      .getAllByRole('group')
      .map((g) => g.querySelector('legend')?.textContent),
  ).toEqual(['JR山手線 (5,400)', 'JR中央線 (900)']);
  const yamanoteGroup = within(form).getAllByRole('group')[0]!;
  expect(within(yamanoteGroup).getByRole('checkbox', { name: /東京 \(300\)/ })).toBeTruthy();
  expect((within(yamanoteGroup).getByRole('checkbox', { name: /有楽町/ }) as HTMLInputElement).disabled).toBe(true);
  // Not the lines picker: no line checkboxes, no cities.
  expect(screen.queryByTestId('line-list')).toBeNull();
  expect(screen.queryByRole('heading', { name: '市区町村を選ぶ' })).toBeNull();
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ title: '東京都の駅から賃貸物件を探す｜すみか', pageTitle: '東京都の駅から探す', canonical: '/search/stations/tokyo' }),
  );
  fireEvent.click(within(form).getByRole('checkbox', { name: /東京/ }));
  fireEvent.click(within(form).getByRole('checkbox', { name: /中野/ }));
  expect(fields(form as HTMLFormElement)).toEqual(['prefecture=tokyo', 'station=1130201', 'station=1130301']);
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'この条件で検索する' })));
  expect(screen.getByTestId('location').textContent).toBe('/search/results');
});

it('the rent-market picker shows median rents per city and line by plan, "-" where too few, each linking to that search', async () => {
  const market = {
    __typename: 'RentMarket' as const,
    bands: [
      { __typename: 'RentBand' as const, label: 'ワンルーム・1K・1DK', planMin: '1R', planMax: '1DK' },
      { __typename: 'RentBand' as const, label: '1LDK・2K・2DK', planMin: '1LDK', planMax: '2DK' },
      { __typename: 'RentBand' as const, label: '2LDK〜', planMin: '2LDK', planMax: null },
    ],
    cities: [
      { __typename: 'PlaceRent' as const, code: 13101, name: '千代田区', bukkenCount: 40, medians: [98000, null, 254000] },
      { __typename: 'PlaceRent' as const, code: 13361, name: '大島町', bukkenCount: 0, medians: [null, null, null] },
    ],
    lines: [{ __typename: 'PlaceRent' as const, code: 11302, name: 'JR山手線', bukkenCount: 90, medians: [105000, 180000, null] }],
  };
  const { setMeta } = renderPage(AreaSelectPage, {
    path: '/search/cities_lines_chinryou_souba/tokyo',
    params: { prefecturePath: 'tokyo' },
    routeId: 'search.cities_lines_chinryou_souba#1',
    mocks: [
      ...lists(VARS, { data: { prefecture: tokyo, railways } }),
      { request: { query: SEARCH_RENT_MARKET, variables: { path: 'tokyo' } }, result: { data: { rentMarket: market } } },
    ],
  });
  const cities = await screen.findByTestId('rent-market-cities');
  expect(
    within(cities)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['市区町村', 'ワンルーム・1K・1DK', '1LDK・2K・2DK', '2LDK〜']);
  const chiyoda = within(cities).getByRole('row', { name: /千代田区/ });
  expect(
    within(chiyoda)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['9.8万円', '-', '25.4万円']);
  expect(
    within(chiyoda)
      .getByRole('link', { name: /9\.8万円/ })
      .getAttribute('href'),
  ).toBe(searchUrlOf({ prefecturePath: 'tokyo', cityCodes: [13101], searchCondition: { plans: { min: '1R', max: '1DK' } } }));
  expect(
    within(chiyoda)
      .getByRole('link', { name: /25\.4万円/ })
      .getAttribute('href'),
  ).toBe(searchUrlOf({ prefecturePath: 'tokyo', cityCodes: [13101], searchCondition: { plans: { min: '2LDK' } } }));
  expect(within(within(cities).getByRole('row', { name: /大島町/ })).queryAllByRole('link')).toEqual([]);
  const lines = screen.getByTestId('rent-market-lines');
  expect(
    within(lines)
      .getByRole('link', { name: /18万円/ })
      .getAttribute('href'),
  ).toBe(searchUrlOf({ prefecturePath: 'tokyo', lineCodes: [11302], searchCondition: { plans: { min: '1LDK', max: '2DK' } } }));
  // Not the cities/lines checkbox picker.
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ pageTitle: '東京都の家賃相場から探す', canonical: '/search/cities_lines_chinryou_souba/tokyo' }),
  );
});
