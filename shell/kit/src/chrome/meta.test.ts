/**
 * @jest-environment node
 */
import { documentTitle } from './meta.js';

test('a page title ends with the one site suffix, full-width bar and no space', () => {
  expect(documentTitle('お気に入り物件')).toBe('お気に入り物件｜すみか');
  expect(documentTitle('入居お祝い金キャッシュバック 最大60,000円')).toBe('入居お祝い金キャッシュバック 最大60,000円｜すみか');
});
