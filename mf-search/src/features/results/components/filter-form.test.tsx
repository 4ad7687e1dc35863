import { MemoryRouter, useLocation, type MemoryHistory } from '@sumika/shell-kit';
import { parseSearchHref } from '@sumika/spec';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { FilterForm } from './filter-form.js';
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

const at = (url: string) => {
  const history = browserHistory(url);
  render(
    <MemoryRouter history={history}>
      <ResultsControls />
    </MemoryRouter>,
  );
  return history;
};

const TWO_STATIONS =
  '/search/results?prefecture=tokyo&station=1130205&station=1130208&commute=2800101_45_1&area_min=25.5&other=601&q=%E5%8D%97%E5%90%91%E3%81%8D&sort=chinryou_asc&page=3';

const url = () => screen.getByTestId('url').textContent;
const form = () => within(screen.getByTestId('filter-form'));

describe('the narrowing form, the sort and the pager keep the whole search (issue 16)', () => {
  it('two stations → narrow by rent → both stations, the rent and every other condition are in the new URL (page 1 again)', async () => {
    const history = at(TWO_STATIONS);
    fireEvent.change(form().getByRole('combobox', { name: '賃料の上限' }), { target: { value: '100000' } });
    fireEvent.click(form().getByRole('checkbox', { name: /ペット相談/ }));
    await act(async () => fireEvent.click(form().getByRole('button', { name: 'この条件で検索' })));
    expect(url()).toBe(
      '/search/results?prefecture=tokyo&station=1130205&station=1130208&commute=2800101_45_1&chinryou_max=100000&area_min=25.5&other=601&other=301&q=%E5%8D%97%E5%90%91%E3%81%8D&sort=chinryou_asc',
    );
    expect(history.entries).toHaveLength(2);
  });

  it('the back button shows the search before, in the URL and in the form', async () => {
    const history = at(TWO_STATIONS);
    fireEvent.change(form().getByRole('combobox', { name: '賃料の上限' }), { target: { value: '100000' } });
    await act(async () => fireEvent.click(form().getByRole('button', { name: 'この条件で検索' })));
    expect((form().getByRole('combobox', { name: '賃料の上限' }) as HTMLSelectElement).value).toBe('100000');
    act(() => history.back());
    expect(url()).toBe(TWO_STATIONS);
    expect((form().getByRole('combobox', { name: '賃料の上限' }) as HTMLSelectElement).value).toBe('');
  });

  it('narrowing a city page with a rent keeps the city page and its topic', async () => {
    at('/search/tokyo/city/13101/topic/pet?walk_min=10');
    fireEvent.change(form().getByRole('combobox', { name: '賃料の下限' }), { target: { value: '50000' } });
    await act(async () => fireEvent.click(form().getByRole('button', { name: 'この条件で検索' })));
    expect(url()).toBe('/search/tokyo/city/13101/topic/pet?chinryou_min=50000&walk_min=10');
  });

  it('keeps a value the selects do not list (a shared link) when narrowing something else', async () => {
    at('/search/results?prefecture=tokyo&city=13101&city=13102&chinryou_max=123000&plan_min=5LDK');
    fireEvent.click(form().getByRole('checkbox', { name: /礼金なし/ }));
    await act(async () => fireEvent.click(form().getByRole('button', { name: 'この条件で検索' })));
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
