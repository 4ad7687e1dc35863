import { AppError } from '@sumika/server-kit';
import { pageRequest, paginate } from './pagination.js';

describe('pagination', () => {
  it('validates page and perPage', () => {
    expect(pageRequest(undefined, undefined)).toEqual({ page: 1, perPage: 30, offset: 0 });
    expect(pageRequest(3, 100)).toEqual({ page: 3, perPage: 100, offset: 200 });
    for (const [page, perPage] of [
      [0, 10],
      [-1, 10],
      [1, 0],
      [1, 101],
      [1.5, 10],
      [1, 2.5],
    ] as const) {
      expect(() => pageRequest(page, perPage)).toThrow(AppError);
    }
  });

  it('computes pages, first, last, past the end and empty', () => {
    expect(paginate(65, pageRequest(1, 30))).toEqual({ count: 65, currentPage: 1, limitValue: 30, nextPage: 2, previousPage: null, totalPages: 3 });
    expect(paginate(65, pageRequest(3, 30))).toEqual({ count: 65, currentPage: 3, limitValue: 30, nextPage: null, previousPage: 2, totalPages: 3 });
    expect(paginate(60, pageRequest(2, 30))).toMatchObject({ nextPage: null, totalPages: 2 });
    expect(paginate(65, pageRequest(9, 30))).toEqual({ count: 65, currentPage: 9, limitValue: 30, nextPage: null, previousPage: 3, totalPages: 3 });
    expect(paginate(0, pageRequest(1, 30))).toEqual({ count: 0, currentPage: 1, limitValue: 30, nextPage: null, previousPage: null, totalPages: 0 });
  });
});
