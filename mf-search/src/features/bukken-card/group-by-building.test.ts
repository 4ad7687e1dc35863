import { groupByBuilding } from './group-by-building.js';

const room = (id: string, building: string) => ({ id, building: { key: building } });

describe('groupByBuilding', () => {
  it('keeps blocks in the order of their first room and rooms in search order', () => {
    const groups = groupByBuilding([room('a1', 'A'), room('b1', 'B'), room('a2', 'A'), room('c1', 'C'), room('b2', 'B')]);
    expect(groups.map((g) => [g.key, g.rooms.map((r) => r.id)])).toEqual([
      ['A', ['a1', 'a2']],
      ['B', ['b1', 'b2']],
      ['C', ['c1']],
    ]);
    expect(groupByBuilding([])).toEqual([]);
  });
});
