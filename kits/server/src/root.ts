import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Its own module (and package export, `@sumika/server-kit/root`) with no other import: a process that
// only needs the checkout's root (the runner's group of remote static servers) does not load the kit's
// fastify, GraphQL, OpenTelemetry and Redis modules with it (~55 MB of its RSS).

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
