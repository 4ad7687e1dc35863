/** Business limits of the user subgraph (SPEC §5, §9); the ones clients share (favorites, A/B cookie) live in @sumika/spec. */
import { SEARCH_CONDITION_LIMIT, SPEC_MESSAGES } from '@sumika/spec';

// Saved search conditions per visitor: the client's toast states the cap too.
export { SEARCH_CONDITION_LIMIT };

/** Entries kept in the detail history; the oldest is dropped beyond this. */
export const HISTORY_LIMIT = 100;

/** Incomplete inquiries kept per visitor (SPEC §9's second constant of 50); the oldest is dropped beyond this. */
export const INCOMPLETE_INQUIRY_LIMIT = 50;

/** Most listings one inquiry, history or favorites call may name. */
export const MAX_KEYS_PER_CALL = 50;

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
  noFavoriteSelected: SPEC_MESSAGES.noFavoriteSelected,
  noBukkenSelected: '物件を1件以上選択してください。',
  favoriteConflict: SPEC_MESSAGES.favoriteConflict,
  favoriteOverLimit: SPEC_MESSAGES.favoriteOverLimit,
  searchConditionOverLimit: SPEC_MESSAGES.searchConditionOverLimit,
  searchConditionEmpty: '保存する検索条件を指定してください。',
  searchConditionNotFound: '指定された検索条件が見つかりません。',
  alertMailInvalid: 'お知らせメールの設定は「配信しない」「1日1回」「新着のたびに」から選んでください。',
  userId: 'ユーザー情報を確認できませんでした。ページを再読み込みしてください。',
  adminOnly: 'この操作は管理者のみ実行できます。',
  invalidEmail: 'メールアドレスの形式が正しくありません。',
  mailToken: '配信停止のリンクが正しくありません。',
} as const;
