import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The names of the subgraphs; each owns exactly one PostgreSQL schema. */
export const SUBGRAPHS = ['search', 'bukken', 'user', 'company', 'forms'] as const;
export type SubgraphName = (typeof SUBGRAPHS)[number];

/** Schema per subgraph: `user` is a reserved word in PostgreSQL, so that one is `users`. */
export const DEFAULT_SCHEMA: Record<SubgraphName, string> = {
  search: 'search',
  bukken: 'bukken',
  user: 'users',
  company: 'company',
  forms: 'forms',
};

/** `<SUBGRAPH>_DATABASE_URL`, else `DATABASE_URL`, else undefined (embedded PGlite). */
export function databaseUrlFor(subgraph: SubgraphName, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const own = env[`${subgraph.toUpperCase()}_DATABASE_URL`];
  if (own) return own;
  return env.DATABASE_URL || undefined;
}

let cachedRoot: string | undefined;

/** The monorepo root: the nearest ancestor whose package.json declares workspaces. */
export function repoRoot(start: string = process.cwd()): string {
  if (cachedRoot) return cachedRoot;
  let dir = path.resolve(start);
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = JSON.parse(readFileSync(pkg, 'utf8')) as { workspaces?: unknown };
      if (json.workspaces) {
        cachedRoot = dir;
        return dir;
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no workspace root above ${start}`);
    dir = parent;
  }
}

/** Where the embedded databases and other local state live (`DATA_DIR`, default `<root>/.data`). */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(repoRoot(), '.data');
}
