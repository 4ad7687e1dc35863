/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PREFECTURE_OPTIONS } from './prefectures.js';

test('the forms list the subgraphs’ 47 prefectures by JIS code', () => {
  const keys = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../kits/domain/src/keys.ts'), 'utf8');
  const block = /PREFECTURE_NAMES[^=]*=\s*\[([^\]]*)\]/.exec(keys)?.[1] ?? '';
  const names = [...block.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  expect(names).toHaveLength(47);
  expect(PREFECTURE_OPTIONS.map((p) => p.name)).toEqual(names);
  expect(PREFECTURE_OPTIONS.map((p) => p.code)).toEqual(names.map((_, i) => i + 1));
});
