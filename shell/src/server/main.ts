// Entry of the shell server (`tsx shell/src/server/main.ts`, run by `npm start` from the repo root).
// The server and the kit are TSX: load them with the shell's own tsconfig (automatic JSX runtime,
// the @sumika/shell-kit path), whatever tsconfig the process was started with.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configOrExit } from '@sumika/server-kit/config';
import { configFromEnv, defaultClientDir } from './config.js';
import type * as Start from './start.js';

const shellDir = fileURLToPath(new URL('../..', import.meta.url));

// A bad variable is the operator's to fix: say which, without a stack trace, before any build.
const config = configOrExit(() => configFromEnv(), 'shell');

// `npm start` on a fresh clone: build the browser bundle once when it is missing.
if (config.clientDir === defaultClientDir && !existsSync(path.join(defaultClientDir, 'assets.json'))) {
  console.log('[shell] no browser build yet: building it (once)…');
  const webpack = path.join(shellDir, '..', 'node_modules', '.bin', 'webpack');
  const res = spawnSync(webpack, ['--config', path.join(shellDir, 'webpack.config.js'), '--mode', 'production'], { cwd: shellDir, stdio: 'inherit' });
  if (res.status !== 0) console.error('[shell] browser build failed: pages render without their scripts');
}

// The shell's own rules for production (SHELL_SIGNING_KEY required, no reCAPTCHA test token) follow
// NODE_ENV=production, read above. React's build is another matter: its development build (prop checks,
// warnings) makes every server render ~6× slower (docs/benchmarks.md), so the server renders with
// React's production build unless NODE_ENV=development asks for the development one. React reads
// NODE_ENV once, when start.ts first imports it.
if (process.env.NODE_ENV !== 'development') process.env.NODE_ENV = 'production';

// Compiled (`npm start` runs the bundle, infra/src/runner/compile.ts), start.js is a chunk of it; from sources, tsx loads it.
const compiled = !process.argv[1]?.endsWith('.ts');
const { start } = (
  compiled
    ? await import('./start.js')
    : await (await import('tsx/esm/api')).tsImport('./start.ts', { parentURL: import.meta.url, tsconfig: path.join(shellDir, 'tsconfig.server.json') })
) as typeof Start;
await start(config);
