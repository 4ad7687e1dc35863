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
const installedVersion = (pkg) => readJson(require.resolve(`${pkg}/package.json`)).version;

/** The shell kit package (shared singleton); its source entry once it has landed. */
export const KIT_PACKAGE = '@sumika/shell-kit';
export const kitPackageJson = path.join(repoRoot, 'shell', 'kit', 'package.json');
export const kitEntry = path.join(repoRoot, 'shell', 'kit', 'src', 'index.ts');
/** Stand-in used only while shell/kit/src is missing (see shell/src/kit-fallback/README.md). */
export const kitFallbackEntry = path.join(repoRoot, 'shell', 'src', 'kit-fallback', 'index.ts');
export const kitVersion = () => readJson(kitPackageJson).version;
export const kitResolvedEntry = () => (existsSync(kitEntry) ? kitEntry : kitFallbackEntry);

/** [shared key, package whose version applies] */
const SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-router', 'react-router'],
  ['@apollo/client', '@apollo/client'],
  ['@apollo/client/react', '@apollo/client'],
  ['graphql', 'graphql'],
  ['rxjs', 'rxjs'],
];

/**
 * The `shared` option of ModuleFederationPlugin for a workspace.
 * @param {string} workspaceDir absolute path of the workspace (its package.json gives requiredVersion)
 * @param {{ extra?: Record<string, object> }} [opts]
 */
export function sharedFor(workspaceDir, opts = {}) {
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
  return { ...shared, ...opts.extra };
}

/** The list of shared keys with their installed versions (the Node host provides the same modules). */
export function sharedKeys() {
  return [...SINGLETONS.map(([key, from]) => ({ key, version: installedVersion(from) })), { key: KIT_PACKAGE, version: kitVersion() }];
}
