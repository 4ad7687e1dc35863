import { Kind, print, visit, type FieldNode } from 'graphql';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchTopicPageQuery } from '../__generated__/operations.js';
import { SEARCH_TOPIC_PAGE } from '../features/topic/index.js';
import { partDown, renderPage } from '@sumika/shell-kit/testing';
import { bukkenCard } from '../testing/fixtures.js';
import TopicPage from './topic-page.js';

afterEach(cleanup);

type Special = NonNullable<SearchTopicPageQuery['specialInfo']>;

const special: Special = {
  __typename: 'Special',
  path: 'pet',
  name: 'ペット可・相談可の賃貸',
  title: 'ペット可・相談可の賃貸物件特集',
  topImage: '/images/topic/pet.jpg',
  featureTexts1: '犬や猫と暮らせる賃貸物件を集めました。',
  featureTexts2: '飼える動物の種類と頭数を確認しましょう。',
  prefDesc: '都道府県から探せます。',
  bukkenCount: 12345,
  faqs: [{ __typename: 'Faq', question: '敷金は増えますか？', answer: '1か月分上乗せされることがあります。' }],
};
const pickup = bukkenCard;
const regions: SearchTopicPageQuery['regions'] = {
  __typename: 'RegionList',
  regions: [
    {
      __typename: 'Region',
      code: 'kanto',
      name: '関東',
      prefectures: [{ __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo', bukkenCount: 5000 }],
    },
  ],
};
const answer = (specialInfo: Special | null, pickups: SearchTopicPageQuery['specialRecommendBukkens']['pickups'] = []): SearchTopicPageQuery => ({
  specialInfo,
  specialRecommendBukkens: { __typename: 'SpecialRecommend', pickups },
  regions,
});
const topic = (result: { data: SearchTopicPageQuery | null; errors?: ReturnType<typeof partDown>[] }) => [
  { request: { query: SEARCH_TOPIC_PAGE, variables: { specialName: 'pet' } }, result },
];

it('shows the feature, its count, the prefectures, the pickups and the FAQ', async () => {
  const { setMeta, setStatus } = renderPage(TopicPage, {
    path: '/topic/pet',
    params: { specialName: 'pet' },
    mocks: topic({ data: answer(special, [pickup(1), pickup(2)]) }),
  });
  expect(screen.queryByTestId('topic-page')).toBeNull();
  expect(await screen.findByRole('heading', { name: 'ペット可・相談可の賃貸' })).toBeTruthy();
  expect(screen.getByText('12,345').parentElement?.textContent).toBe('12,345件');
  // A prefecture of the map leads to its cities within the feature.
  fireEvent.click(within(screen.getByRole('region', { name: 'エリアから探す' })).getByRole('button', { name: /関東/ }));
  expect(screen.getByRole('link', { name: '東京都' }).getAttribute('href')).toBe('/search/cities/tokyo/topic/pet');
  expect(screen.getAllByTestId('bukken-card').map((c) => c.dataset['globalKey'])).toEqual(['bk000000001', 'bk000000002']);
  expect(screen.getByRole('heading', { name: 'ペット可・相談可の賃貸の物件を探すポイント' })).toBeTruthy();
  expect(screen.getByText('Q. 敷金は増えますか？')).toBeTruthy();
  expect(screen.getByText('A. 1か月分上乗せされることがあります。')).toBeTruthy();
  expect(setMeta).toHaveBeenCalledWith(
    expect.objectContaining({
      title: 'ペット可・相談可の賃貸物件特集｜すみか',
      canonical: '/topic/pet',
      description: '犬や猫と暮らせる賃貸物件を集めました。',
    }),
  );
  expect(setStatus).not.toHaveBeenCalled();
  await act(async () => undefined);
});

it('leaves out the pickup section and the FAQ when there are none', async () => {
  renderPage(TopicPage, { path: '/topic/pet', params: { specialName: 'pet' }, mocks: topic({ data: answer({ ...special, faqs: [] }) }) });
  await screen.findByTestId('topic-page');
  expect(screen.queryByRole('heading', { name: 'ピックアップ物件' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'よくある質問' })).toBeNull();
  await act(async () => undefined);
});

it('keeps the feature and the pickups that came back when the listing subgraph could not give one', async () => {
  renderPage(TopicPage, {
    path: '/topic/pet',
    params: { specialName: 'pet' },
    mocks: topic({ data: answer(special, [null, pickup(2)]), errors: [partDown(['specialRecommendBukkens', 'pickups', 0])] }),
  });
  expect(await screen.findByRole('heading', { name: 'ピックアップ物件' })).toBeTruthy();
  expect(screen.getAllByTestId('bukken-card').map((c) => c.dataset['globalKey'])).toEqual(['bk000000002']);
  expect(screen.getByTestId('listings-unavailable').textContent).toBe('物件情報の一部を表示できません。しばらくしてから再度お試しください。');
  expect(screen.queryByRole('alert')).toBeNull();
  await act(async () => undefined);
});

it('says the pickups cannot be shown when the listing subgraph could give none of them', async () => {
  renderPage(TopicPage, {
    path: '/topic/pet',
    params: { specialName: 'pet' },
    mocks: topic({
      data: answer(special, [null, null]),
      errors: [partDown(['specialRecommendBukkens', 'pickups', 0]), partDown(['specialRecommendBukkens', 'pickups', 1])],
    }),
  });
  expect(await screen.findByRole('heading', { name: 'ピックアップ物件' })).toBeTruthy();
  expect(screen.queryAllByTestId('bukken-card')).toEqual([]);
  expect(screen.getByTestId('listings-unavailable')).toBeTruthy();
  await act(async () => undefined);
});

it('answers 404 for a feature that does not exist', async () => {
  const { container, setStatus } = renderPage(TopicPage, { path: '/topic/pet', params: { specialName: 'pet' }, mocks: topic({ data: answer(null) }) });
  await waitFor(() => expect(setStatus).toHaveBeenCalledWith(404));
  expect(container.textContent).toBe('');
});

it('shows the error box, not the 404 page, when the feature could not be read', async () => {
  const { setStatus } = renderPage(TopicPage, {
    path: '/topic/pet',
    params: { specialName: 'pet' },
    mocks: topic({ data: answer(null), errors: [partDown(['specialInfo'])] }),
  });
  expect(within(await screen.findByRole('alert')).getByText('特集を読み込めませんでした。')).toBeTruthy();
  expect(setStatus).not.toHaveBeenCalledWith(404);
});

it("counts each prefecture of the picker by the topic: the page asks the prefectures' counts of the special", () => {
  // The prefecture picker's counts must be the special's listings there, not the whole prefecture's.
  const asked: string[] = [];
  visit(SEARCH_TOPIC_PAGE, {
    Field(field, _key, _parent, _path, ancestors) {
      if (field.name.value !== 'bukkenCount') return;
      const owner = ancestors.filter((a): a is FieldNode => (a as FieldNode).kind === Kind.FIELD).at(-1)?.name.value;
      asked.push(`${owner}:${print({ ...field, selectionSet: undefined })}`);
    },
  });
  expect(asked).toContain('prefectures:bukkenCount(specialName: $specialName)');
  expect(asked.filter((a) => a.startsWith('prefectures:'))).toHaveLength(1);
});
