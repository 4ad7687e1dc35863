/**
 * The fixture remote of the stale-remote and remote-versions tests (`test/fixtures/stale-remote`: a
 * stand-in for mf-search with one exposed TopPage showing MESSAGE), copied into a work directory inside
 * the repo (dist/ is ignored; webpack finds react & co. in node_modules) and built there.
 */
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpack from 'webpack';
import { remoteConfigs } from '../build/remote-webpack.js';
import { shellDir } from './remote-stack.js';

const fixture = path.join(shellDir, 'test', 'fixtures', 'stale-remote');

/** A fresh copy of the fixture in `shell/dist/test/<name>`; answers its directory. */
export async function copyFixtureRemote(name: string): Promise<string> {
  const work = path.join(shellDir, 'dist', 'test', name);
  await rm(work, { recursive: true, force: true });
  await mkdir(path.dirname(work), { recursive: true });
  await cp(fixture, work, { recursive: true });
  return work;
}

/** Sets the text the fixture's page shows (`throw…` makes it throw while rendering). */
export async function setFixtureMessage(dir: string, message: string): Promise<void> {
  await writeFile(path.join(dir, 'src', 'message.ts'), `export const MESSAGE = ${JSON.stringify(message)};\n`);
}

/** The fixture's production client and server builds into its dist/, as `npm run build -w <remote>` does. */
export async function buildFixtureRemote(dir: string): Promise<void> {
  const federation = (await import(`${path.join(dir, 'module-federation.config.js')}?t=${Date.now()}`)) as {
    default: { name: string; exposes: Record<string, string> };
  };
  const configs = remoteConfigs({ dir, federation: federation.default, mode: 'production' });
  await new Promise<void>((resolve, reject) => {
    webpack(configs, (err, stats) => {
      if (err) return reject(err);
      if (stats?.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    });
  });
}

/** The window.__SUMIKA__ state the server wrote into a page. */
export function pageState(html: string): { remotes: Record<string, string> } {
  const m = /window\.__SUMIKA__=(.*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no state in the page');
  return JSON.parse(m[1]) as { remotes: Record<string, string> };
}
