import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SearchOptionMasterQuery } from '../__generated__/operations.js';
import { SEARCH_OPTION_MASTER } from '../features/misc/index.js';
import SearchOptionPage from './search-option-page.js';

afterEach(cleanup);

const master: SearchOptionMasterQuery = {
  searchMaster: {
    __typename: 'SearchMaster',
    prices: [30000, 35000, 100000],
    walkMinutes: [5, 10],
    builtYears: [5, 10],
    plans: [{ __typename: 'Madori', path: '1k', title: '1K' }],
    buildingTypes: [
      { __typename: 'BuildingTypeOption', key: 'mansion', name: 'マンション' },
      { __typename: 'BuildingTypeOption', key: 'terrace', name: 'テラスハウス' },
    ],
    conditionGroups: [
      { __typename: 'ConditionGroup', key: 'bath', name: 'バス・トイレ', conditions: [{ __typename: 'Condition', code: 201, name: 'バス・トイレ別' }] },
    ],
  },
  prefectures: [
    { __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' },
    { __typename: 'Prefecture', code: 27, name: '大阪府', path: 'osaka' },
  ],
};
const read = (result: { data: SearchOptionMasterQuery | null; errors?: ReturnType<typeof partDown>[] }, delay = 0) => [
  { request: { query: SEARCH_OPTION_MASTER }, result, delay },
];
const optionPage = (mocks: Parameters<typeof renderPage>[1]['mocks']) =>
  renderPage(SearchOptionPage, { path: '/search/option', routeId: 'search.option', mocks });
const options = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((o) => [(o as HTMLOptionElement).value, o.textContent]);

it('offers every condition of the master lists, submitted to the results page', async () => {
  const { setMeta } = optionPage(read({ data: master }));
  const submit = await screen.findByRole('button', { name: 'この条件で検索する' });
  expect(submit.closest('form')?.getAttribute('action')).toBe('/search/results');
  expect(options('都道府県')).toEqual([
    ['tokyo', '東京都'],
    ['osaka', '大阪府'],
  ]);
  expect((screen.getByRole('combobox', { name: '都道府県' }) as HTMLSelectElement).value).toBe('tokyo');
  expect(options('賃料の下限')).toEqual([
    ['', '下限なし'],
    ['30000', '3万円'],
    ['35000', '3.5万円'],
    ['100000', '10万円'],
  ]);
  expect(options('賃料の上限')[0]).toEqual(['', '上限なし']);
  expect((screen.getByRole('checkbox', { name: 'テラスハウス' }) as HTMLInputElement).value).toBe('terrace');
  expect(screen.getByRole('heading', { name: 'バス・トイレ' })).toBeTruthy();
  expect((screen.getByRole('checkbox', { name: 'バス・トイレ別' }) as HTMLInputElement).name).toBe('other');
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: 'こだわり条件から賃貸物件を探す｜すみか', pageTitle: 'こだわり条件から探す' }));
  await act(async () => undefined);
});

it('shows no form while the lists load', async () => {
  optionPage(read({ data: master }, 50));
  expect(screen.queryByRole('button', { name: 'この条件で検索する' })).toBeNull();
  expect(await screen.findByRole('button', { name: 'この条件で検索する' })).toBeTruthy();
  await act(async () => undefined);
});

it('shows the error box when the lists could not be read', async () => {
  optionPage([{ request: { query: SEARCH_OPTION_MASTER }, error: new Error('network down') }]);
  expect(within(await screen.findByRole('alert')).getByText('条件を読み込めませんでした。')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'この条件で検索する' })).toBeNull();
});

it('shows the error box when the search subgraph could not answer the lists', async () => {
  optionPage(read({ data: null, errors: [partDown(['searchMaster'])] }));
  expect(within(await screen.findByRole('alert')).getByText('条件を読み込めませんでした。')).toBeTruthy();
});

it('sends what was chosen to the results page: plans, walk and age from the master, no key money, condition codes', async () => {
  optionPage(read({ data: master }));
  const submit = await screen.findByRole('button', { name: 'この条件で検索する' });
  const form = submit.closest('form')!;
  fireEvent.change(screen.getByRole('combobox', { name: '都道府県' }), { target: { value: 'osaka' } });
  fireEvent.change(screen.getByRole('combobox', { name: '賃料の上限' }), { target: { value: '100000' } });
  fireEvent.change(screen.getByRole('combobox', { name: '間取りの下限' }), { target: { value: '1K' } });
  fireEvent.change(screen.getByRole('combobox', { name: '駅徒歩' }), { target: { value: '10' } });
  fireEvent.click(screen.getByRole('checkbox', { name: '礼金なし' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'バス・トイレ別' }));
  const sent = [...new FormData(form)].map(([k, v]) => `${k}=${String(v)}`);
  expect(sent).toEqual([
    'prefecture=osaka',
    'chinryou_min=',
    'chinryou_max=100000',
    'no_reikin=true',
    'plan_min=1K',
    'plan_max=',
    'walk_min=10',
    'built_year=',
    'other=201',
  ]);
  await act(async () => fireEvent.click(submit));
  expect(screen.getByTestId('location').textContent).toBe('/search/results');
});
