import { AppError } from '@sumika/server-kit';
import { parseSort } from './sort.js';

describe('parseSort', () => {
  it('accepts every key in both directions and defaults to newest first', () => {
    expect(parseSort(undefined)).toEqual({ key: 'arrived_at', column: 'arrived_at', direction: 'desc' });
    expect(parseSort('walk_min_for_sort_asc')).toEqual({ key: 'walk_min_for_sort', column: 'walk_min', direction: 'asc' });
    expect(parseSort('initial_cost_asc')).toEqual({ key: 'initial_cost', column: 'initial_cost', direction: 'asc' });
    for (const key of ['arrived_at', 'chinryou', 'area', 'built_date', 'initial_cost']) {
      expect(parseSort(`${key}_desc`)).toMatchObject({ key, direction: 'desc' });
      expect(parseSort(`${key}_asc`)).toMatchObject({ key, direction: 'asc' });
    }
  });

  it('rejects anything else with BAD_REQUEST', () => {
    for (const bad of [
      '',
      'chinryou',
      'chinryou_up',
      'Chinryou_asc',
      'id_asc',
      'constructor_asc',
      'chinryou_asc ',
      'walk_min_asc',
      'initial_costs_asc',
      'view_count_desc',
    ]) {
      expect(() => parseSort(bad)).toThrow(AppError);
      try {
        parseSort(bad);
      } catch (e) {
        expect((e as AppError).code).toBe('BAD_REQUEST');
      }
    }
  });
});
