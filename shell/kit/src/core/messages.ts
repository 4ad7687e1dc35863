/** User-facing messages, exactly as SPEC §5 and §8 give them (Japanese UI text lives here, once). */
import { SPEC_MESSAGES } from '@sumika/spec';

export const MESSAGES = {
  // SPEC §8 error pages
  notFound: SPEC_MESSAGES.notFound,
  badRequest: SPEC_MESSAGES.badRequest,
  internalError: SPEC_MESSAGES.internalError,
  // A part of the site is down or slow (SERVICE_UNAVAILABLE, the subgraph kit's message too)
  serviceUnavailable: SPEC_MESSAGES.serviceUnavailable,
  // SPEC §8 favorites
  favoriteAdded: 'お気に入り物件に追加しました',
  favoriteDeletedToast: 'お気に入りを削除しました',
  favoriteDeleted: '削除しました。',
  favoriteAddFailed: 'エラーのため保存できませんでした。',
  favoriteDeleteFailed: 'エラーのため削除できませんでした。',
  favoriteConflict: SPEC_MESSAGES.favoriteConflict,
  favoriteOverLimit: SPEC_MESSAGES.favoriteOverLimit,
  // SPEC §5: adding with nothing selected
  noFavoriteSelected: SPEC_MESSAGES.noFavoriteSelected,
  noFavoriteSelectedForDelete: '削除する物件を1件以上選択してください。',
  // chrome
  remoteFailed: 'コンテンツを読み込めませんでした。時間をおいて再度お試しください。',
  freeWordPlaceholder: '物件名・住所・路線・駅名などを入力',
  inquiryFormTitle: 'お問い合わせフォーム',
  leavePopupTitle: 'お知らせ',
  replyWithinOneBusinessDay: 'フォーム送信後、通常1営業日以内に担当者よりご連絡いたします。',
  testBanner: 'テスト環境です（v4.1）。動作確認ができます。',
  noSpecificCondition: '指定なし',
} as const;

export type MessageKey = keyof typeof MESSAGES;
