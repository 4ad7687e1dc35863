// Module Federation shared singletons for the shell (host) and every remote: one React, one router,
// one Apollo cache and one shell kit per page. requiredVersion comes from each workspace's package.json.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
const require = createRequire(import.meta.url);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** A package's installed version, found as Node finds the package (not every package exports its package.json). */
const installedVersion = (pkg) => {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const file = path.join(dir, pkg, 'package.json');
    if (existsSync(file)) return readJson(file).version;
  }
  throw new Error(`${pkg} is not installed`);
};

/** The shell kit package (shared singleton); its source entry once it has landed. */
export const KIT_PACKAGE = '@sumika/shell-kit';
export const kitPackageJson = path.join(repoRoot, 'shell', 'kit', 'package.json');
/** The kit is shared from source (its package.json has no build entry): webpack, jest and tsconfig map to it. */
export const kitEntry = path.join(repoRoot, 'shell', 'kit', 'src', 'index.ts');
export const kitVersion = () => readJson(kitPackageJson).version;

/** [shared key, package whose version applies] */
const SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  // the router: wouter, used through the kit's router API (shell/kit/src/router)
  ['wouter', 'wouter'],
  ['@apollo/client', '@apollo/client'],
  ['@apollo/client/react', '@apollo/client'],
];
// graphql and rxjs are not shared: only Apollo uses them, and unshared they are tree-shaken into
// Apollo's chunk (shared whole they cost ~60 KB gzip).

/**
 * The host's shared `@apollo/client` and `@apollo/client/react` are subsets (shell/src/shared/*.ts):
 * a shared module cannot be tree-shaken, and the whole packages cost ~30 KB gzip more on every first
 * page view. Remotes' fallbacks stay the full packages.
 */
export const apolloFacade = path.join(repoRoot, 'shell', 'src', 'shared', 'apollo-client.ts');
export const apolloReactFacade = path.join(repoRoot, 'shell', 'src', 'shared', 'apollo-client-react.ts');
const require2 = createRequire(path.join(repoRoot, 'package.json'));
/** Absolute paths of the real packages for the facades (an absolute request is not a shared key). */
export const apolloEntries = {
  core: require2.resolve('@apollo/client').replace(/__cjs\/core\/index\.cjs$/, 'core/index.js'),
  react: require2.resolve('@apollo/client/react').replace(/__cjs\/react\/index\.cjs$/, 'react/index.js'),
};

/**
 * The `shared` option of ModuleFederationPlugin for a workspace.
 * @param {string} workspaceDir absolute path of the workspace (its package.json gives requiredVersion)
 * @param {{ host?: boolean, extra?: Record<string, object> }} [opts]
 */
export function sharedFor(workspaceDir, opts = {}) {
  const host = !!opts.host;
  const pkg = readJson(path.join(workspaceDir, 'package.json'));
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  /** @type {Record<string, object>} */
  const shared = {};
  for (const [key, from] of SINGLETONS) {
    shared[key] = { singleton: true, requiredVersion: deps[from] ?? `^${installedVersion(from)}`, version: installedVersion(from) };
  }
  shared[KIT_PACKAGE] = {
    singleton: true,
    requiredVersion: deps[KIT_PACKAGE] ?? `^${kitVersion()}`,
    version: kitVersion(),
  };
  if (host) {
    shared['@apollo/client'] = { ...shared['@apollo/client'], import: apolloFacade };
    shared['@apollo/client/react'] = { ...shared['@apollo/client/react'], import: apolloReactFacade };
    // The host's singletons are eager: every page needs all of them before it hydrates, so they ship
    // in the host's initial chunks (two files) instead of one async chunk per shared module behind a
    // bootstrap boundary (13 files): one gzip stream, no cross-chunk ids, −9 KB gzip on the top page.
    // With loaded-first the host's instances win anyway; remotes' fallbacks stay lazy. (Merging the
    // lazy chunks instead deadlocks: a chunk would wait for its own consumes.)
    for (const key of Object.keys(shared)) shared[key] = { ...shared[key], eager: true };
  }
  return { ...shared, ...opts.extra };
}

/** The list of shared keys with their installed versions (the Node host provides the same modules). */
export function sharedKeys() {
  return [...SINGLETONS.map(([key, from]) => ({ key, version: installedVersion(from) })), { key: KIT_PACKAGE, version: kitVersion() }];
}
