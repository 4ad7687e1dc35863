import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { createKitCache, KIT_DEFAULT_OPTIONS, MemoryRouter, useLocation, type MemoryHistory } from '@sumika/shell-kit';
import { AREA_BOUNDS, BUILT_YEARS, MADORI_NAMES, parseSearchHref, RENT_PRICES, WALK_MINUTES } from '@sumika/spec';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SearchPanelCountsQuery, SearchPanelCountsQueryVariables } from '../../../__generated__/operations.js';
import { SEARCH_PANEL_COUNTS } from '../api/search-panel-counts.js';
import { FilterForm, PANEL_COUNT_DEBOUNCE_MS } from './filter-form.js';
import { Pager } from './pager.js';
import { SortSelect } from './sort-select.js';

afterEach(cleanup);

/** A browser history in memory with a back button (the kit's test history has none). */
function browserHistory(initial: string): MemoryHistory & { back: () => void } {
  const entries: { pathname: string; search: string; key: string }[] = [];
  let index = -1;
  let listeners: (() => void)[] = [];
  const push = (to: string, replace = false) => {
    const at = to.indexOf('?');
    const entry = { pathname: at === -1 ? to : to.slice(0, at), search: at === -1 ? '' : to.slice(at), key: String(entries.length) };
    if (replace) entries[index] = entry;
    else {
      entries.splice(index + 1, entries.length, entry);
      index += 1;
    }
    listeners.forEach((l) => l());
  };
  push(initial);
  return {
    entries,
    navigate: (to, options) => push(to, options?.replace),
    subscribe: (listener) => {
      listeners = [...listeners, listener];
      return () => {
        listeners = listeners.filter((l) => l !== listener);
      };
    },
    current: () => entries[index]!,
    back: () => {
      index -= 1;
      listeners.forEach((l) => l());
    },
  };
}

/** The results page's sidebar and toolbar as the shell mounts them: the condition is the URL's. */
function ResultsControls() {
  const { pathname, search } = useLocation();
  const parsed = parseSearchHref(`${pathname}${search}`);
  if (!parsed.ok) return <p>400</p>;
  return (
    <>
      <p data-testid="url">{`${pathname}${search}`}</p>
      <FilterForm condition={parsed.condition} />
      <SortSelect condition={parsed.condition} />
      <Pager
        condition={parsed.condition}
        pagination={{ __typename: 'Pagination', count: 300, currentPage: 1, limitValue: 30, nextPage: 2, previousPage: null, totalPages: 10 }}
      />
    </>
  );
}

/**
 * The gateway's answer to the panel's counts, made up from the variables so that a choice shows in
 * it: the total falls by 7 per narrowing value; each option's count is derived from its value.
 */
function panelAnswer(v: SearchPanelCountsQueryVariables): SearchPanelCountsQuery {
  const narrowing = JSON.stringify(v.searchCondition ?? {}).split(':').length - 1;
  const option = (value: string | number, label = String(value), count = (Number(value) % 97) + 3) => ({
    __typename: 'FacetCount' as const,
    value: String(value),
    label,
    count,
  });
  return {
    searchBukkens: {
      __typename: 'SearchBukkensPayload',
      result: { __typename: 'SearchResult', bukkenTotal: { __typename: 'BukkenTotal', count: 1234 - 7 * narrowing } },
      facets: {
        __typename: 'Facets',
        rentMin: RENT_PRICES.map((p) => option(p)),
        rentMax: RENT_PRICES.map((p) => option(p)),
        areaMin: AREA_BOUNDS.map((a) => option(a)),
        areaMax: AREA_BOUNDS.map((a) => option(a)),
        plans: MADORI_NAMES.map((p, i) => option(p, p, i + 1)),
        walkMin: WALK_MINUTES.map((w) => option(w)),
        builtYear: BUILT_YEARS.map((b) => option(b)),
        buildingTypes: [
          option('mansion', 'マンション', 40),
          option('apartment', 'アパート', 30),
          option('house', '一戸建て', 2),
          option('terrace', 'テラスハウス', 1),
        ],
        conditions: [option(201, 'バス・トイレ別', 50), option(301, 'ペット相談', 12), option(601, '南向き', 9), option(1001, 'オートロック', 21)],
        ...(v.withCities ? { cities: [option(13101, '千代田区', 33), option(13102, '中央区', 44)] } : {}),
        ...(v.withStations ? { stations: [option(1130205, '新宿', 80), option(1130208, '渋谷', 70), option(1130101, '東京', 60)] } : {}),
      },
    },
    searchMaster: {
      __typename: 'SearchMaster',
      conditionGroups: [
        {
          __typename: 'ConditionGroup',
          key: 'baths',
          name: 'バス・トイレ',
          conditions: [{ __typename: 'Condition', code: 201, name: 'バス・トイレ別' }],
        },
        {
          __typename: 'ConditionGroup',
          key: 'conditions',
          name: '入居条件',
          conditions: [{ __typename: 'Condition', code: 301, name: 'ペット相談' }],
        },
        {
          __typename: 'ConditionGroup',
          key: 'locations',
          name: '位置',
          conditions: [{ __typename: 'Condition', code: 601, name: '南向き' }],
        },
        {
          __typename: 'ConditionGroup',
          key: 'securities',
          name: 'セキュリティ',
          conditions: [{ __typename: 'Condition', code: 1001, name: 'オートロック' }],
        },
      ],
    },
  };
}

let asked: SearchPanelCountsQueryVariables[] = [];
const countsMock: MockLink.MockedResponse<SearchPanelCountsQuery, SearchPanelCountsQueryVariables> = {
  request: {
    query: SEARCH_PANEL_COUNTS,
    variables: (v: SearchPanelCountsQueryVariables) => {
      asked.push(v);
      return true;
    },
  },
  result: (v: SearchPanelCountsQueryVariables) => ({ data: panelAnswer(v) }),
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const at = (url: string) => {
  asked = [];
  const history = browserHistory(url);
  render(
    <MockedProvider mocks={[countsMock]} cache={createKitCache()} defaultOptions={KIT_DEFAULT_OPTIONS} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter history={history}>
        <ResultsControls />
      </MemoryRouter>
    </MockedProvider>,
  );
  return history;
};

/** Once the counts are in: the button carries the total. */
const countsIn = () => waitFor(() => expect(form().getByRole('button', { name: /この条件で検索（/ })).toBeTruthy());

const TWO_STATIONS =
  '/search/results?prefecture=tokyo&station=1130205&station=1130208&commute=2800101_45_1&area_min=25.5&other=601&q=%E5%8D%97%E5%90%91%E3%81%8D&sort=chinryou_asc&page=3';

const url = () => screen.getByTestId('url').textContent;
const form = () => within(screen.getByTestId('filter-form'));

describe('the narrowing form, the sort and the pager keep the whole search (issue 16)', () => {
  it('two stations → narrow by rent → both stations, the rent and every other condition are in the new URL (page 1 again)', async () => {
    const history = at(TWO_STATIONS);
    fireEvent.change(form().getByRole('combobox', { name: '賃料の上限' }), { target: { value: '100000' } });
    fireEvent.click(form().getByRole('checkbox', { name: /ペット相談/ }));
    await act(async () => fireEvent.click(form().getByRole('button', { name: /^この条件で検索/ })));
    expect(url()).toBe(
      '/search/results?prefecture=tokyo&station=1130205&station=1130208&commute=2800101_45_1&chinryou_max=100000&area_min=25.5&other=601&other=301&q=%E5%8D%97%E5%90%91%E3%81%8D&sort=chinryou_asc',
    );
    expect(history.entries).toHaveLength(2);
  });

  it('the back button shows the search before, in the URL and in the form', async () => {
    const history = at(TWO_STATIONS);
    fireEvent.change(form().getByRole('combobox', { name: '賃料の上限' }), { target: { value: '100000' } });
    await act(async () => fireEvent.click(form().getByRole('button', { name: /^この条件で検索/ })));
    expect((form().getByRole('combobox', { name: '賃料の上限' }) as HTMLSelectElement).value).toBe('100000');
    act(() => history.back());
    expect(url()).toBe(TWO_STATIONS);
    expect((form().getByRole('combobox', { name: '賃料の上限' }) as HTMLSelectElement).value).toBe('');
  });

  it('narrowing a city page with a rent keeps the city page and its topic', async () => {
    at('/search/tokyo/city/13101/topic/pet?walk_min=10');
    fireEvent.change(form().getByRole('combobox', { name: '賃料の下限' }), { target: { value: '50000' } });
    await act(async () => fireEvent.click(form().getByRole('button', { name: /^この条件で検索/ })));
    expect(url()).toBe('/search/tokyo/city/13101/topic/pet?chinryou_min=50000&walk_min=10');
  });

  it('keeps a value the selects do not list (a shared link) when narrowing something else', async () => {
    at('/search/results?prefecture=tokyo&city=13101&city=13102&chinryou_max=123000&plan_min=5LDK');
    fireEvent.click(form().getByRole('checkbox', { name: /礼金なし/ }));
    await act(async () => fireEvent.click(form().getByRole('button', { name: /^この条件で検索/ })));
    expect(url()).toBe('/search/results?prefecture=tokyo&city=13101&city=13102&chinryou_max=123000&no_reikin=true&plan_min=5LDK');
  });

  it('the sort and the pager keep every station and condition', async () => {
    at(TWO_STATIONS);
    const page2 = within(screen.getByTestId('pager')).getByRole('link', { name: '2' });
    expect(page2.getAttribute('href')).toBe(TWO_STATIONS.replace('page=3', 'page=2'));
    await act(async () => fireEvent.change(screen.getByTestId('sort-select'), { target: { value: 'area_desc' } }));
    expect(url()).toBe(TWO_STATIONS.replace('sort=chinryou_asc&page=3', 'sort=area_desc'));
  });
});

describe('the condition panel: counts on every option and a live total (issue 16)', () => {
  it('shows the count next to each option and the total on the button, and follows a change before submitting', async () => {
    at('/search/results?prefecture=tokyo&city=13101&city=13102');
    await countsIn();
    expect(form().getByRole('button', { name: 'この条件で検索（1,234件）' })).toBeTruthy();
    expect(form().getByRole('status').textContent).toBe('この条件の物件 1,234件');
    // Every option carries its count: rents up to 100万円, floor areas, walks, building types, the area's cities.
    const select = (name: string) => within(form().getByRole('combobox', { name }));
    expect(select('賃料の上限').getByRole('option', { name: '100万円（30件）' })).toBeTruthy();
    expect(select('専有面積の下限').getByRole('option', { name: '25㎡（28件）' })).toBeTruthy();
    expect(form().getByRole('option', { name: '10分以内（13件）' })).toBeTruthy();
    expect(form().getByRole('checkbox', { name: 'マンション（40件）' })).toBeTruthy();
    expect((form().getByRole('checkbox', { name: '千代田区（33件）' }) as HTMLInputElement).checked).toBe(true);
    expect((form().getByRole('checkbox', { name: '中央区（44件）' }) as HTMLInputElement).checked).toBe(true);
    // A plan range end counts the plans between it and the other end: 2LDK as the upper end is 1R..2LDK = 1+…+7.
    expect(select('間取りの上限').getByRole('option', { name: '2LDK（28件）' })).toBeTruthy();
    expect(select('間取りの下限').getByRole('option', { name: '4LDK+（13件）' })).toBeTruthy();

    const before = url();
    fireEvent.change(form().getByRole('combobox', { name: '賃料の上限' }), { target: { value: '80000' } });
    fireEvent.click(form().getByRole('checkbox', { name: 'ペット相談（12件）' }));
    // Nothing asked until the visitor pauses; then the counts of what is chosen, without a navigation.
    expect(asked.at(-1)?.searchCondition).toBeUndefined();
    await waitFor(() => expect(form().getByRole('button', { name: 'この条件で検索（1,213件）' })).toBeTruthy(), { timeout: PANEL_COUNT_DEBOUNCE_MS * 10 });
    expect(asked.at(-1)).toMatchObject({ prefecturePath: 'tokyo', cityCodes: [13101, 13102], searchCondition: { chinryou: { max: 80000 }, other: ['301'] } });
    expect(url()).toBe(before);
  });

  it('lists every condition group of the master once loaded, opening the groups that hold a chosen code', async () => {
    at(TWO_STATIONS);
    await countsIn();
    const groups = Array.from(screen.getByTestId('filter-form').querySelectorAll('details')).map((d) => [d.querySelector('summary')?.textContent, d.open]);
    expect(groups).toEqual([
      ['バス・トイレ', false],
      ['入居条件', false],
      ['位置', true],
      ['セキュリティ', false],
    ]);
    expect((form().getByRole('checkbox', { name: '南向き（9件）' }) as HTMLInputElement).checked).toBe(true);
    // The code is a checkbox now, not a hidden field as well: submitting keeps it once.
    await act(async () => fireEvent.click(form().getByRole('button', { name: /^この条件で検索/ })));
    expect(url()).toBe(TWO_STATIONS.replace('&sort=chinryou_asc&page=3', '&sort=chinryou_asc'));
  });

  it('changes the area of the search: one of two cities gives that city page', async () => {
    at('/search/results?prefecture=tokyo&city=13101&city=13102&walk_min=10');
    await countsIn();
    fireEvent.click(form().getByRole('checkbox', { name: '中央区（44件）' }));
    await act(async () => fireEvent.click(form().getByRole('button', { name: /^この条件で検索/ })));
    expect(url()).toBe('/search/tokyo/city/13101?walk_min=10');
  });

  it('adds a station to a station page: both stations, any line', async () => {
    at('/search/tokyo/line/11302/station/1130205?chinryou_max=100000');
    await countsIn();
    expect((form().getByRole('checkbox', { name: '新宿（80件）' }) as HTMLInputElement).checked).toBe(true);
    // A stable order while counts change: the search's own stations first, then by code (not by count).
    const area = within(screen.getByRole('group', { name: '駅' }));
    expect(area.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).value)).toEqual(['1130205', '1130101', '1130208']);
    fireEvent.click(form().getByRole('checkbox', { name: '渋谷（70件）' }));
    await act(async () => fireEvent.click(form().getByRole('button', { name: /^この条件で検索/ })));
    expect(url()).toBe('/search/results?prefecture=tokyo&station=1130205&station=1130208&chinryou_max=100000');
  });
});
