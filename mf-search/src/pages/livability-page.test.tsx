import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { searchUrlOf } from '@sumika/spec';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { LivabilityFieldsFragment, SearchLivabilityQuery, SearchLivabilityQueryVariables } from '../__generated__/operations.js';
import { SEARCH_LIVABILITY } from '../features/misc/index.js';
import LivabilityPage from './livability-page.js';

afterEach(cleanup);

type Answer = { data: SearchLivabilityQuery | null; errors?: ReturnType<typeof partDown>[] };

const prefectures: SearchLivabilityQuery['prefectures'] = [
  { __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' },
  { __typename: 'Prefecture', code: 27, name: '大阪府', path: 'osaka' },
];
const tokyo: NonNullable<SearchLivabilityQuery['prefecture']> = {
  __typename: 'Prefecture',
  code: 13,
  name: '東京都',
  path: 'tokyo',
  cities: [{ __typename: 'City', code: 13101, name: '千代田区', bukkenCount: 1200 }],
};
const livability: LivabilityFieldsFragment = {
  __typename: 'Livability',
  name: '千代田区',
  bukkenCount: 1200,
  medianWalkMin: 6,
  medianBuiltYear: 2009,
  stationCount: 12,
  rentByPlan: [{ __typename: 'PlanRent', plan: '1K', median: 98000, count: 640 }],
  conditionShares: [{ __typename: 'ConditionShare', share: 0.62, condition: { __typename: 'Condition', code: 201, name: 'バス・トイレ別' } }],
};
const chiyoda = (l: LivabilityFieldsFragment | null): SearchLivabilityQuery['city'] => ({ __typename: 'City', code: 13101, name: '千代田区', livability: l });

const NONE: SearchLivabilityQueryVariables = { prefecturePath: '', cityCode: 0, stationCode: 0, withPref: false, withCity: false, withStation: false };
const CITY: SearchLivabilityQueryVariables = { ...NONE, prefecturePath: 'tokyo', cityCode: 13101, withPref: true, withCity: true };
const read = (variables: SearchLivabilityQueryVariables, result: Answer, delay = 0) => [{ request: { query: SEARCH_LIVABILITY, variables }, result, delay }];
const cityPage = (mocks: Parameters<typeof renderPage>[1]['mocks']) =>
  renderPage(LivabilityPage, { path: '/livability/tokyo/city/13101', params: { prefecturePath: 'tokyo', cityCode: '13101' }, routeId: 'livability', mocks });

it("shows a city's rent by plan and its popular conditions", async () => {
  const { setMeta, setStatus } = cityPage(read(CITY, { data: { prefectures, prefecture: tokyo, city: chiyoda(livability) } }));
  const table = await screen.findByTestId('livability');
  expect(within(table).getByRole('heading', { name: '千代田区の住みやすさ' })).toBeTruthy();
  expect(within(table).getByText(/掲載物件 1,200件/).textContent).toBe('掲載物件 1,200件 ／ 駅 12駅 ／ 駅徒歩の中央値 6分 ／ 築年の中央値 2009年');
  expect(within(table).getAllByRole('row')[1]?.textContent).toBe('1K9.8万円640');
  expect(within(table).getByText('バス・トイレ別 62%')).toBeTruthy();
  // A city page does not list the prefecture's cities again.
  expect(screen.queryByRole('heading', { name: '東京都の市区町村' })).toBeNull();
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({
      title: '千代田区の住みやすさ・家賃相場｜すみか',
      breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '住みやすさ', path: '/livability' }, { text: '千代田区' }],
    }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it("lists the prefectures nationwide, and a prefecture's cities", async () => {
  renderPage(LivabilityPage, { path: '/livability', routeId: 'livability', mocks: read(NONE, { data: { prefectures } }) });
  expect((await screen.findByRole('link', { name: '大阪府' })).getAttribute('href')).toBe('/livability/osaka');
  cleanup();
  renderPage(LivabilityPage, {
    path: '/livability/tokyo',
    params: { prefecturePath: 'tokyo' },
    routeId: 'livability',
    mocks: read({ ...NONE, prefecturePath: 'tokyo', withPref: true }, { data: { prefectures, prefecture: tokyo } }),
  });
  expect((await screen.findByRole('link', { name: '千代田区' })).getAttribute('href')).toBe('/livability/tokyo/city/13101');
  expect(screen.queryByRole('link', { name: '大阪府' })).toBeNull();
});

it('shows no figures while the page loads', async () => {
  cityPage(read(CITY, { data: { prefectures, prefecture: tokyo, city: chiyoda(livability) } }, 50));
  expect(screen.queryByTestId('livability')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(await screen.findByTestId('livability')).toBeTruthy();
  await act(async () => undefined);
});

it('answers 404 for a city that does not exist', async () => {
  const { container, setStatus } = cityPage(read(CITY, { data: { prefectures, prefecture: tokyo, city: null } }));
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(404));
  expect(container.textContent).toBe('');
});

it('shows the error box when the page could not be read', async () => {
  const { setStatus } = cityPage([{ request: { query: SEARCH_LIVABILITY, variables: CITY }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});

it("shows the error box, not the 404 page nor an empty page, when the city's figures came back null with an error", async () => {
  const { setStatus } = cityPage(read(CITY, { data: { prefectures, prefecture: tokyo, city: chiyoda(null) }, errors: [partDown(['city', 'livability'])] }));
  expect(within(await screen.findByRole('alert')).getByText('情報を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalledWith(404);
});

it('links a city page to its rentals and its reviews page, which has its own name and copy', async () => {
  const city = cityPage(read(CITY, { data: { prefectures, prefecture: tokyo, city: chiyoda(livability) } }));
  expect((await screen.findByRole('link', { name: '千代田区の口コミ・評判' })).getAttribute('href')).toBe('/livability/tokyo/city/13101/reviews');
  expect(screen.getByRole('link', { name: '千代田区の賃貸物件を探す' }).getAttribute('href')).toBe(
    searchUrlOf({ prefecturePath: 'tokyo', cityCodes: [13101] }),
  );
  const cityMeta = city.setMeta.mock.lastCall?.[0] as { title: string; description: string; pageTitle: string };
  cleanup();
  const reviews = renderPage(LivabilityPage, {
    path: '/livability/tokyo/city/13101/reviews',
    params: { prefecturePath: 'tokyo', cityCode: '13101' },
    routeId: 'livability',
    mocks: read(CITY, { data: { prefectures, prefecture: tokyo, city: chiyoda(livability) } }),
  });
  const section = await screen.findByTestId('livability-reviews');
  expect(within(section).getByText('千代田区の口コミはまだ投稿されていません。')).toBeTruthy();
  expect(within(section).getByRole('link', { name: '千代田区の住みやすさ・家賃相場を見る' }).getAttribute('href')).toBe('/livability/tokyo/city/13101');
  // Not the city page's figures again.
  expect(screen.queryByTestId('livability')).toBeNull();
  const meta = reviews.setMeta.mock.lastCall?.[0] as typeof cityMeta & { breadcrumbs: unknown };
  expect(meta).toMatchObject({ pageTitle: '千代田区の口コミ・評判', title: '千代田区の口コミ・評判｜すみか' });
  expect(meta.title).not.toBe(cityMeta.title);
  expect(meta.description).not.toBe(cityMeta.description);
  expect(meta.breadcrumbs).toEqual([
    { text: '賃貸トップ', path: '/' },
    { text: '住みやすさ', path: '/livability' },
    { text: '千代田区', path: '/livability/tokyo/city/13101' },
    { text: '口コミ・評判' },
  ]);
});

it("names a station's pages after the station, the rent-price page showing the rents only", async () => {
  const STATION: SearchLivabilityQueryVariables = { ...NONE, prefecturePath: 'tokyo', stationCode: 2200001, withPref: true, withStation: true };
  const near = { ...livability, name: '東京', stationCount: 1 };
  const station = renderPage(LivabilityPage, {
    path: '/livability/tokyo/station/2200001',
    params: { prefecturePath: 'tokyo', stationCode: '2200001' },
    routeId: 'livability',
    mocks: read(STATION, { data: { prefectures, prefecture: tokyo, stationLivability: near } }),
  });
  expect(await screen.findByRole('heading', { name: '東京駅周辺の住みやすさ' })).toBeTruthy();
  expect(screen.getByRole('link', { name: '東京駅周辺の家賃相場（間取り別）' }).getAttribute('href')).toBe('/livability/rent_price/tokyo/station/2200001');
  expect(station.setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ pageTitle: '東京駅周辺の住みやすさ', title: '東京駅周辺の住みやすさ・家賃相場｜すみか' }),
  );
  cleanup();
  const rent = renderPage(LivabilityPage, {
    path: '/livability/rent_price/tokyo/station/2200001',
    params: { area: 'tokyo', stationCode: '2200001' },
    routeId: 'livability',
    mocks: read({ ...NONE, stationCode: 2200001, withStation: true }, { data: { prefectures, stationLivability: near } }),
  });
  expect(await screen.findByRole('heading', { name: '東京駅周辺の家賃相場' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: '人気の設備・条件' })).toBeNull();
  expect(rent.setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ pageTitle: '東京駅周辺の家賃相場', title: '東京駅周辺の家賃相場（間取り別）｜すみか' }),
  );
});
