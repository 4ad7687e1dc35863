/**
 * @jest-environment node
 *
 * shell/build/federation-runtime-lite.cjs replaces modules of the federation runtime in the
 * browser builds. Each stand-in must export what the installed module exports, and the installed
 * module must still be the one the stand-in was written against (else the build fails: here first).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const lite = require('../build/federation-runtime-lite.cjs') as {
  (this: { resourcePath: string }, source: string): string;
  test: { or: RegExp[] };
  STAND_INS: { file: RegExp; exports: string; source: string }[];
};

const runtimeCoreDist = path.dirname(require.resolve('@module-federation/runtime-core'));
const distOf = (pkg: string) => path.dirname(require.resolve(pkg));
const files = [
  ...['plugins/snapshot/SnapshotHandler.js', 'utils/preload.js'].map((f) => path.join(runtimeCoreDist, f)),
  path.join(distOf('@module-federation/error-codes'), 'desc.mjs'),
  path.join(distOf('@module-federation/sdk'), 'logger.js'),
];
/** The webpack rule's `test`. */
const replaced = (file: string): boolean => lite.test.or.some((re) => re.test(file));

const exportedNames = (source: string): string[] =>
  [...source.matchAll(/export \{([^}]*)\};?/g)]
    .flatMap((m) => m[1]!.split(','))
    .map((s) => s.trim())
    .filter(Boolean)
    .sort();

test.each(files)('%s: the stand-in exports what the installed module exports', (file) => {
  expect(replaced(file)).toBe(true);
  const original = readFileSync(file, 'utf8');
  const standIn = lite.call({ resourcePath: file }, original);
  expect(exportedNames(standIn)).toEqual(exportedNames(original));
  expect(standIn).not.toContain('@module-federation/sdk');
});

test('a changed runtime module fails the build instead of being replaced blindly', () => {
  const file = files[0]!;
  expect(() => lite.call({ resourcePath: file }, 'export { SnapshotHandler, getGlobalRemoteInfo, somethingNew };')).toThrow(
    /review shell\/build\/federation-runtime-lite\.cjs/,
  );
});

test('other modules are left alone', () => {
  expect(replaced(path.join(runtimeCoreDist, 'core.js'))).toBe(false);
  expect(replaced(path.join(runtimeCoreDist, 'remote/index.js'))).toBe(false);
  expect(replaced(path.join(distOf('@module-federation/sdk'), 'dom.js'))).toBe(false);
});
