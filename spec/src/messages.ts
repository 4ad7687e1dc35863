import { FAVORITE_LIMIT, SEARCH_CONDITION_LIMIT } from './favorites.js';

/** User-facing messages that both a server and a client show, exactly as SPEC §5 and §8 give them. */
export const SPEC_MESSAGES = {
  // SPEC §8 error pages
  notFound: 'ページを表示できません。(404エラー)',
  badRequest: '不正なリクエストのため、表示できません。',
  internalError: 'サーバの内部エラーにより、表示できません。',
  // A part of the site is down or slow (SERVICE_UNAVAILABLE)
  serviceUnavailable: '一時的に表示できません。しばらくしてから再度お試しください。',
  unauthenticated: '認証が必要です。',
  // SPEC §8 favorites
  favoriteConflict: 'すでにお気に入りに追加されています。',
  favoriteOverLimit: `お気に入りに保存できる物件は${FAVORITE_LIMIT}件までです。`,
  // SPEC §4/§5: adding with nothing selected
  noFavoriteSelected: 'お気に入りに追加する物件を1件以上選択してください。',
  // Saving a search past SEARCH_CONDITION_LIMIT (the server's OVER_LIMIT, the client's toast)
  searchConditionOverLimit: `保存できる検索条件は${SEARCH_CONDITION_LIMIT}件までです。不要な検索条件を削除してから保存してください。`,
  // STYLE 15: what a list shows in place of listings another subgraph could not give (every remote that lists them)
  listingsUnavailable: '物件情報の一部を表示できません。しばらくしてから再度お試しください。',
} as const;
