/**
 * The gateway depends on neither storage nor mail (issue 14, decision 016): the issue's own check,
 * `npm ls -w gateway @electric-sql/pglite nodemailer`, over the installed tree with dev dependencies.
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from '@sumika/server-kit';

const STORAGE_AND_MAIL = ['@electric-sql/pglite', 'nodemailer', 'pg', '@sumika/storage-kit', '@sumika/mail-kit'];

type Tree = { name?: string; dependencies?: Record<string, Tree> };

function npmLs(workspace: string, packages: string[]): Tree {
  // npm ls exits 1 when nothing matches; the JSON tree is what we read.
  const r = spawnSync('npm', ['ls', '-w', workspace, '--json', ...packages], { cwd: repoRoot(), encoding: 'utf8' });
  return JSON.parse(r.stdout) as Tree;
}

/** Every path from the root to a package, as `a > b > c`. */
function paths(tree: Tree, prefix: string[] = []): string[] {
  return Object.entries(tree.dependencies ?? {}).flatMap(([name, sub]) => {
    const here = [...prefix, name];
    return sub.dependencies ? paths(sub, here) : [here.join(' > ')];
  });
}

test('npm ls finds no PGlite, nodemailer, pg, storage kit or mail kit under the gateway', () => {
  const tree = npmLs('gateway', STORAGE_AND_MAIL);
  expect(tree.name).toBe('sumika');
  expect(paths(tree)).toEqual([]);
}, 60_000);

test('the same command sees them where they are (the check is not blind)', () => {
  expect(paths(npmLs('kits/storage', ['@electric-sql/pglite']))).toEqual(['@sumika/storage-kit > @electric-sql/pglite']);
  expect(paths(npmLs('kits/mail', ['nodemailer']))).toEqual(['@sumika/mail-kit > nodemailer']);
}, 60_000);
