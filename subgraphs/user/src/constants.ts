/** Business limits of the user subgraph (SPEC §5, §9); each is defined here and nowhere else. */

/** SPEC §5/§9: favorites are limited to 50 properties. */
export const FAVORITE_LIMIT = 50;

/** Entries kept in the detail history; the oldest is dropped beyond this. */
export const HISTORY_LIMIT = 100;

/** Saved search conditions per visitor (SPEC §5: "a shared maximum", value not shown). */
export const SEARCH_CONDITION_LIMIT = 20;

/** Incomplete inquiries kept per visitor (SPEC §9's second constant of 50); the oldest is dropped beyond this. */
export const INCOMPLETE_INQUIRY_LIMIT = 50;

/** Most listings one inquiry, history or favorites call may name. */
export const MAX_KEYS_PER_CALL = 50;

/** SPEC §9: the A/B assignment cookie lives 1800 s (a GA session). */
export const AB_COOKIE_MAX_AGE = 1800;
export const abCookieName = (test: string): string => `${test}_for_ga_session`;

/** SPEC §9: the mobile favorite dialog's "do not show again" cookie lives 90 days. */
export const FAVORITE_DIALOG_COOKIE = 'favorite_dialog_restriction';
export const FAVORITE_DIALOG_MAX_AGE = 7_776_000;

/** 検討期間 choices (days) of the newsletter registration; alert mails stop after it. */
export const REVIEW_PERIODS = [14, 30, 60, 90] as const;
export const DEFAULT_REVIEW_PERIOD = 30;

/** Alerts listed by default and at most. */
export const DEFAULT_ALERT_ITEMS = 20;
export const MAX_ALERT_ITEMS = 100;

/** A new visit (visit_count) starts after this much quiet, like an analytics session. */
export const VISIT_GAP_SECONDS = 1800;

/** SPEC §5 message when favorites are added with nothing selected. */
export const MESSAGES = {
  noFavoriteSelected: 'お気に入りに追加する物件を1件以上選択してください。',
  noBukkenSelected: '物件を1件以上選択してください。',
  favoriteConflict: 'すでにお気に入りに追加されています。',
  favoriteOverLimit: `お気に入りに保存できる物件は${FAVORITE_LIMIT}件までです。`,
  searchConditionOverLimit: `保存できる検索条件は${SEARCH_CONDITION_LIMIT}件までです。不要な検索条件を削除してから保存してください。`,
  searchConditionEmpty: '保存する検索条件を指定してください。',
  searchConditionNotFound: '指定された検索条件が見つかりません。',
  userId: 'ユーザー情報を確認できませんでした。ページを再読み込みしてください。',
  adminOnly: 'この操作は管理者のみ実行できます。',
  invalidEmail: 'メールアドレスの形式が正しくありません。',
  mailToken: '配信停止のリンクが正しくありません。',
} as const;
