import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, createMemoryHistory } from '../router/router.js';
import { mockApolloClient } from '../testing/mock-apollo.js';
import { FreeWordForm } from './free-word-form.js';
import { SUGGEST_DEBOUNCE_MS } from './word-suggest.js';

const SHINJUKU = [
  { __typename: 'WordSuggest', kind: 'STATION', name: '新宿駅', detail: '東京都 JR山手線・JR中央線', path: '/search/tokyo/line/11302/station/1130208' },
  { __typename: 'WordSuggest', kind: 'STATION', name: '新宿三丁目駅', detail: '東京都 東京メトロ丸ノ内線', path: '/search/tokyo/line/28001/station/2800118' },
  { __typename: 'WordSuggest', kind: 'CITY', name: '新宿区', detail: '東京都', path: '/search/tokyo/city/13104' },
];

function setup() {
  const mock = mockApolloClient((op) => ({ data: { wordSuggests: String(op.variables.keyword).startsWith('shinjuku') ? SHINJUKU : [] } }));
  const history = createMemoryHistory('/');
  render(
    <ApolloProvider client={mock.client}>
      <MemoryRouter history={history}>
        <FreeWordForm />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return { ...mock, history, input: screen.getByRole('searchbox', { name: 'フリーワード検索' }) };
}

/** Focuses (which loads the suggestions' chunk) and waits until the input has become a combobox. */
async function focusAndType(input: HTMLElement, text: string) {
  act(() => input.focus());
  fireEvent.focus(input);
  await waitFor(() => expect(input.getAttribute('role')).toBe('combobox'));
  fireEvent.input(input, { target: { value: text } });
  await act(async () => {
    await new Promise((r) => setTimeout(r, SUGGEST_DEBOUNCE_MS + 20));
  });
}

it('is a plain search input until focused, then a combobox that lists what the words name', async () => {
  const { input, calls } = setup();
  expect(input.getAttribute('role')).toBeNull();
  expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  await focusAndType(input, 'shinjuku');
  const list = await screen.findByRole('listbox', { name: '候補' });
  expect(input.getAttribute('aria-controls')).toBe(list.id);
  expect(input.getAttribute('aria-autocomplete')).toBe('list');
  expect(input.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
    '駅新宿駅東京都 JR山手線・JR中央線',
    '駅新宿三丁目駅東京都 東京メトロ丸ノ内線',
    '市区町村新宿区東京都',
  ]);
  // One request for the pause in typing, with the words as typed.
  expect(calls.filter((c) => c.operationName === 'WordSuggests')).toEqual([{ operationName: 'WordSuggests', variables: { keyword: 'shinjuku' } }]);
});

it('is driven by the keyboard: ↓/↑ move the active option, Enter opens its search, Escape closes', async () => {
  const { input, history } = setup();
  await focusAndType(input, 'shinjuku');
  await screen.findByRole('listbox');
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  const options = screen.getAllByRole('option');
  expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
  expect(options[0]?.getAttribute('aria-selected')).toBe('true');
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]?.id);
  // Past the end the words themselves are active again.
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  expect(input.getAttribute('aria-activedescendant')).toBeNull();
  fireEvent.keyDown(input, { key: 'ArrowUp' });
  expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]?.id);
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(input.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('listbox')).toBeNull();
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(history.current().pathname).toBe('/search/tokyo/line/11302/station/1130208');
});

it('opens an option on a click, and lists nothing for one character or words that name nothing', async () => {
  const { input, history, calls } = setup();
  await focusAndType(input, 's');
  expect(calls).toHaveLength(0);
  expect(input.getAttribute('aria-expanded')).toBe('false');
  fireEvent.input(input, { target: { value: 'zzqq' } });
  await act(async () => {
    await new Promise((r) => setTimeout(r, SUGGEST_DEBOUNCE_MS + 20));
  });
  expect(screen.queryByRole('listbox')).toBeNull();
  fireEvent.input(input, { target: { value: 'shinjuku' } });
  await screen.findByRole('listbox');
  const option = screen.getByRole('option', { name: /新宿区/ });
  expect(option.getAttribute('href')).toBe('/search/tokyo/city/13104');
  fireEvent.mouseDown(option);
  fireEvent.click(option);
  expect(history.current().pathname).toBe('/search/tokyo/city/13104');
});
