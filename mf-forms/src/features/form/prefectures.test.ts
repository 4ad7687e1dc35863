/**
 * @jest-environment node
 */
import { PREFECTURE_OPTIONS } from './prefectures.js';

test('the forms list the 47 prefectures by JIS code, as the forms subgraph reads the code back', () => {
  expect(PREFECTURE_OPTIONS).toHaveLength(47);
  expect(PREFECTURE_OPTIONS.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  expect(PREFECTURE_OPTIONS[0]).toEqual({ code: 1, name: '北海道' });
  expect(PREFECTURE_OPTIONS[12]).toEqual({ code: 13, name: '東京都' });
  expect(PREFECTURE_OPTIONS[46]).toEqual({ code: 47, name: '沖縄県' });
});
