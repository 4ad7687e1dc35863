/**
 * The compiled JavaScript `npm start` runs (issue 15: no tsx in the services). Each TypeScript service
 * is bundled with esbuild into `<package>/dist/bundle/`: the workspace code (@sumika/*, whose package
 * exports point at TypeScript sources) is part of the bundle, every other package stays an import that
 * Node resolves from node_modules as before. A bundle is rebuilt only when one of its sources is newer.
 *
 * `npm start`'s prestart runs this file (`tsx infra/src/runner/compile.ts`): the runner and every service.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as esbuild from 'esbuild';
import { repoRoot } from '@sumika/server-kit/root';
import { GROUP_ENTRY, SERVICES } from './services.js';

/** Bumped when the options below change, so bundles made with the old ones are rebuilt. */
const BUNDLE_FORMAT = 1;

export interface Bundle {
  /** What it is for the log ("search", "runner"). */
  name: string;
  /** Entry files relative to the repo root. */
  entries: string[];
  /** The output folder relative to the repo root (inside the entries' package, so node_modules resolve as from the sources). */
  outdir: string;
}

/**
 * The runner itself, its preparation step (migrate, seed) and the process groups' entry (group.ts:
 * every subgraph and remote a group can run is in it, sharing chunks), run by `npm start` compiled.
 */
export const RUNNER_BUNDLE: Bundle = {
  name: 'runner',
  entries: ['infra/src/runner/main.ts', 'infra/src/runner/prepare.ts', GROUP_ENTRY],
  outdir: 'infra/dist/bundle',
};

/** What runs as one process: a service, or a group (services.ts Unit). */
type Runnable = { name: string; entry: string };

/** The bundle a service runs from (undefined for a service that is JavaScript already: the remotes' serve.js); a group runs from the runner's. */
export function bundleOf(service: Runnable): Bundle | undefined {
  if (service.entry === GROUP_ENTRY) return RUNNER_BUNDLE;
  if (!service.entry.endsWith('.ts')) return undefined;
  return { name: service.name, entries: [service.entry], outdir: path.join(packageDirOf(service.entry), 'dist', 'bundle') };
}

/** The file `node` runs for a service compiled: `<package>/dist/bundle/<entry name>.js`. */
export function compiledEntry(service: Runnable): string {
  const bundle = bundleOf(service);
  if (!bundle) return service.entry;
  return path.join(bundle.outdir, `${path.basename(service.entry, '.ts')}.js`);
}

function packageDirOf(entry: string): string {
  let dir = path.dirname(entry);
  while (dir !== '.' && !existsSync(path.join(repoRoot(), dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

interface Meta {
  format: number;
  inputs: string[];
}

function metaFile(root: string, bundle: Bundle): string {
  return path.join(root, bundle.outdir, 'bundle-meta.json');
}

/** Whether the bundle exists and no file it was made from changed since. */
export function isFresh(bundle: Bundle, root = repoRoot()): boolean {
  try {
    const file = metaFile(root, bundle);
    const meta = JSON.parse(readFileSync(file, 'utf8')) as Meta;
    if (meta.format !== BUNDLE_FORMAT) return false;
    const builtAt = statSync(file).mtimeMs;
    for (const entry of bundle.entries) if (!existsSync(path.join(root, bundle.outdir, `${path.basename(entry, path.extname(entry))}.js`))) return false;
    return meta.inputs.every((input) => statSync(path.join(root, input)).mtimeMs <= builtAt);
  } catch {
    return false;
  }
}

/**
 * Bundles one group of entries. The output is written to a temporary folder and swapped in, so a
 * runner starting beside another one never runs half a bundle.
 */
export async function build(bundle: Bundle, root = repoRoot()): Promise<void> {
  const outdir = path.join(root, bundle.outdir);
  // Loaded when something is to be built: a runner with fresh bundles does not carry esbuild.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: bundle.entries,
    outdir,
    entryNames: '[name]',
    bundle: true,
    // Chunks load when their dynamic import() runs: the shell sets NODE_ENV before React is imported.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [externalPackages(outdir), sourceLocation(outdir)],
  });
  const tmp = `${outdir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  for (const file of result.outputFiles) {
    const target = path.join(tmp, path.relative(outdir, file.path));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  const meta: Meta = { format: BUNDLE_FORMAT, inputs: Object.keys(result.metafile.inputs).filter((input) => !input.includes(':')) };
  writeFileSync(path.join(tmp, 'bundle-meta.json'), `${JSON.stringify(meta)}\n`);
  const old = `${outdir}.old-${process.pid}`;
  try {
    renameSync(outdir, old);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  try {
    renameSync(tmp, outdir);
  } catch (err) {
    // Another runner built the same bundle at the same moment and put its copy in place first: keep that one.
    if (!['ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    rmSync(tmp, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
}

/** Builds every bundle in the list that is missing or stale; returns the names built. */
export async function buildStale(bundles: readonly Bundle[], log: (line: string) => void, root = repoRoot()): Promise<string[]> {
  const stale = bundles.filter((b) => !isFresh(b, root));
  if (stale.length === 0) return [];
  const started = Date.now();
  try {
    await Promise.all(stale.map((b) => build(b, root)));
  } finally {
    // esbuild keeps a service process for later builds: not needed once these are written.
    await (await import('esbuild')).stop();
  }
  log(`compiled ${stale.map((b) => b.name).join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stale.map((b) => b.name);
}

/**
 * Packages from node_modules stay imports. A bare import that Node would resolve to another copy from
 * the bundle's folder than from the importing source (a package nested in one workspace's
 * node_modules) is written as a path to the copy the source resolves to.
 */
function externalPackages(outdir: string): esbuild.Plugin {
  return {
    name: 'external-packages',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'resolving' || args.kind === 'entry-point') return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        if (args.path.startsWith('@sumika/')) return undefined;
        const opts = { kind: args.kind, pluginData: 'resolving' };
        const fromSource = await pluginBuild.resolve(args.path, { ...opts, resolveDir: args.resolveDir, importer: args.importer });
        if (fromSource.errors.length > 0 || !fromSource.path) return { path: args.path, external: true };
        // From the package the bundle is in (its dist/bundle folder may not exist yet): node_modules lookups are the same.
        const fromBundle = await pluginBuild.resolve(args.path, { ...opts, resolveDir: path.dirname(path.dirname(outdir)) });
        if (fromBundle.errors.length === 0 && fromBundle.path === fromSource.path) return { path: args.path, external: true };
        const relative = path.relative(outdir, fromSource.path).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      });
    },
  };
}

/** Spelled in pieces so that this file, bundled into the runner, is not rewritten by its own plugin. */
const META_URL = ['import', 'meta', 'url'].join('.');

const LOADERS: Record<string, esbuild.Loader> = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.js': 'js', '.mjs': 'js', '.jsx': 'jsx' };

/**
 * `import.meta.url` keeps meaning the source file it is written in (a subgraph reads its
 * schema.graphql and migrations beside its sources, the shell finds its folder from it), as a URL
 * relative to the bundle so the checkout can move.
 */
function sourceLocation(outdir: string): esbuild.Plugin {
  return {
    name: 'source-location',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.[mc]?[jt]sx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const loader = LOADERS[path.extname(args.path)];
        if (!loader) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (/import\.meta\.(dirname|filename)\b/.test(source)) throw new Error(`${args.path}: use import.meta.url (the bundle rewrites only that)`);
        if (!source.includes(META_URL)) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(encodeURI(relative))}, import.meta.url).href`;
        return { contents: source.replaceAll(META_URL, url), loader };
      });
    },
  };
}

/** `tsx infra/src/runner/compile.ts`: the runner and every service, those that are stale. */
async function main(): Promise<void> {
  const bundles = [RUNNER_BUNDLE, ...SERVICES.map(bundleOf).filter((b): b is Bundle => b !== undefined)];
  const built = await buildStale(bundles, (line) => console.log(`[compile] ${line}`));
  if (built.length === 0) console.log('[compile] every bundle is up to date');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(`[compile] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
