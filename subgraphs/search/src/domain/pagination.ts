import { badRequest } from '@sumika/server-kit';

export const MAX_PER_PAGE = 100;

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

export interface Pagination {
  count: number;
  currentPage: number;
  limitValue: number;
  nextPage: number | null;
  previousPage: number | null;
  totalPages: number;
}

/** Validates page ≥ 1 and perPage 1..100 (BAD_REQUEST otherwise). */
export function pageRequest(page: number | null | undefined, perPage: number | null | undefined, defaultPerPage = 30): PageRequest {
  const p = page ?? 1;
  const n = perPage ?? defaultPerPage;
  if (!Number.isInteger(p) || p < 1) throw badRequest('ページ番号は1以上で指定してください。');
  if (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE) throw badRequest(`表示件数は1〜${MAX_PER_PAGE}件で指定してください。`);
  // Offsets beyond what an int can address are pages nobody can reach.
  if ((p - 1) * n > 2_000_000_000) throw badRequest('ページ番号が大きすぎます。');
  return { page: p, perPage: n, offset: (p - 1) * n };
}

/** Pagination of `count` matches; 0 matches gives 0 pages, and a page past the end has no next page. */
export function paginate(count: number, req: PageRequest): Pagination {
  const totalPages = Math.ceil(count / req.perPage);
  return {
    count,
    currentPage: req.page,
    limitValue: req.perPage,
    nextPage: req.page < totalPages ? req.page + 1 : null,
    previousPage: req.page > 1 ? Math.min(req.page - 1, Math.max(totalPages, 1)) : null,
    totalPages,
  };
}
