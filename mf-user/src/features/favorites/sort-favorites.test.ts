import { sortFavorites } from './sort-favorites.js';

const items = [
  { id: 'a', addedAt: '2026-11-01T00:00:00Z', params: { area: 20, arrivedAt: '2026-10-01', builtDate: '2001-04', chinryou: 90000 } },
  { id: 'b', addedAt: '2026-11-03T00:00:00Z', params: { area: 35, arrivedAt: '2026-09-01', builtDate: '2020-01', chinryou: 120000 } },
  { id: 'c', addedAt: '2026-11-02T00:00:00Z', params: { area: 25, arrivedAt: '2026-11-01', builtDate: '2010-08', chinryou: 70000 } },
];

describe('sortFavorites', () => {
  it.each([
    ['added', ['b', 'c', 'a']],
    ['chinryou', ['c', 'a', 'b']],
    ['area', ['b', 'c', 'a']],
    ['built', ['b', 'c', 'a']],
    ['arrived', ['c', 'a', 'b']],
  ] as const)('%s', (sort, expected) => {
    expect(sortFavorites(items, sort).map((i) => i.id)).toEqual(expected);
  });
});
