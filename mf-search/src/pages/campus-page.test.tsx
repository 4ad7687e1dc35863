import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SearchCampusesQuery, SearchCampusesQueryVariables } from '../__generated__/operations.js';
import { SEARCH_CAMPUSES } from '../features/misc/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import CampusPage from './campus-page.js';

afterEach(cleanup);

const prefectures: SearchCampusesQuery['prefectures'] = [
  { __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' },
  { __typename: 'Prefecture', code: 27, name: '大阪府', path: 'osaka' },
];
const institutes: SearchCampusesQuery['institutes'] = [
  {
    __typename: 'Institute',
    id: 7,
    name: 'すみか大学',
    campuses: [{ __typename: 'Campus', id: 71, campusName: '麹町キャンパス', address: '東京都千代田区麹町2-2', initial: 'sa' }],
  },
];
const campuses = (variables: SearchCampusesQueryVariables, result: { data: SearchCampusesQuery | null; errors?: ReturnType<typeof partDown>[] }) => [
  { request: { query: SEARCH_CAMPUSES, variables }, result },
];
/** The texts of the section headed `heading`'s first list, as links or the current (bold) entry. */
const entries = (heading: string) =>
  within(screen.getByRole('heading', { name: heading }).parentElement as HTMLElement)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

it('lists the schools of a prefecture with links to the rooms near each campus', async () => {
  const { setMeta, setStatus } = renderPage(CampusPage, {
    path: '/campus/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: campuses({ prefecturePath: 'tokyo', initial: null }, { data: { prefectures, institutes } }),
  });
  // Loading: no list yet, and no error.
  expect(screen.queryByRole('heading', { name: /^学校・キャンパス/ })).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(await screen.findByRole('heading', { name: '学校・キャンパス（1校）' })).toBeTruthy();
  expect(screen.getByRole('link', { name: '麹町キャンパス' }).getAttribute('href')).toBe('/search/campus/71');
  expect(screen.getByText('東京都千代田区麹町2-2')).toBeTruthy();
  // The current prefecture is not a link; the others are.
  expect(screen.queryByRole('link', { name: '東京都' })).toBeNull();
  expect(screen.getByRole('link', { name: '大阪府' }).getAttribute('href')).toBe('/campus/osaka');
  expect(screen.getByRole('link', { name: 'か' }).getAttribute('href')).toBe('/campus/tokyo/ka');
  expect(entries('学校名の頭文字')).toEqual(['あ', 'か', 'さ', 'た', 'な', 'は', 'ま', 'や', 'ら', 'わ']);
  expect(setMeta).toHaveBeenLastCalledWith(
    expect.objectContaining({ title: '東京都の大学・学校から賃貸物件を探す｜すみか', pageTitle: '東京都の大学・学校から探す' }),
  );
  expect(setStatus).not.toHaveBeenCalled();
});

it('reads /campus/{initial} as a gojūon row across the country', async () => {
  const { setMeta } = renderPage(CampusPage, {
    path: '/campus/sa',
    params: { prefecturePath: 'sa' },
    mocks: campuses({ prefecturePath: null, initial: 'sa' }, { data: { prefectures, institutes } }),
  });
  expect(await screen.findByText('すみか大学')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'さ' })).toBeNull();
  expect(screen.getByRole('link', { name: 'あ' }).getAttribute('href')).toBe('/campus/a');
  expect(setMeta).toHaveBeenLastCalledWith(expect.objectContaining({ title: '大学・学校から賃貸物件を探す｜すみか' }));
});

it('says none when no school matches', async () => {
  renderPage(CampusPage, {
    path: '/campus/osaka/wa',
    params: { prefecturePath: 'osaka', initial: 'wa' },
    mocks: campuses({ prefecturePath: 'osaka', initial: 'wa' }, { data: { prefectures, institutes: [] } }),
  });
  expect(await screen.findByRole('heading', { name: '学校・キャンパス（0校）' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: /キャンパス$/ })).toBeNull();
});

it('answers 404 for a prefecture that does not exist', async () => {
  const { container, setStatus } = renderPage(CampusPage, {
    path: '/campus/atlantis',
    params: { prefecturePath: 'atlantis' },
    mocks: campuses({ prefecturePath: 'atlantis', initial: null }, { data: { prefectures, institutes: [] } }),
  });
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(404));
  expect(container.textContent).toBe('');
});

it('shows the error box, not the 404 page, when the schools could not be read', async () => {
  const { setStatus } = renderPage(CampusPage, {
    path: '/campus/tokyo',
    params: { prefecturePath: 'tokyo' },
    mocks: campuses({ prefecturePath: 'tokyo', initial: null }, { data: null, errors: [partDown(['institutes'])] }),
  });
  expect(within(await screen.findByRole('alert')).getByText('学校の一覧を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalled();
});
