import { createMemoryHistory, MemoryRouter } from '@sumika/shell-kit';
import { parseSearchHref } from '@sumika/spec';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SortSelect } from './sort-select.js';

afterEach(cleanup);

function renderAt(url: string) {
  const parsed = parseSearchHref(url);
  if (!parsed.ok) throw new Error(`bad URL ${url}`);
  const history = createMemoryHistory(url);
  render(
    <MemoryRouter history={history}>
      <SortSelect condition={parsed.condition} />
    </MemoryRouter>,
  );
  const current = () => {
    const entry = history.current();
    return `${entry.pathname}${entry.search}`;
  };
  return { current };
}

it('offers sorting by initial cost (issue 16) and re-runs the search from its first page in that order', async () => {
  const { current } = renderAt('/search/tokyo/city/13101?walk_min=10&page=3');
  const select = screen.getByRole('combobox', { name: '並び替え' }) as HTMLSelectElement;
  expect(within(select).getByRole('option', { name: '初期費用の安い順' }).getAttribute('value')).toBe('initial_cost_asc');
  await act(async () => fireEvent.change(select, { target: { value: 'initial_cost_asc' } }));
  expect(current()).toBe('/search/tokyo/city/13101?walk_min=10&sort=initial_cost_asc');
});

it('shows the initial-cost order of a URL that has it', () => {
  renderAt('/search/tokyo/city/13101?sort=initial_cost_asc');
  expect((screen.getByRole('combobox', { name: '並び替え' }) as HTMLSelectElement).value).toBe('initial_cost_asc');
});
