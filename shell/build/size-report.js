// Initial JS per build, in KB gzip: the shell's entry and what it preloads, each remote's entry and
// pages, and the top page as a browser loads it (shell + mf-search's entry + TopPage); then the
// stylesheets (CSS files, decision 017), which are not JavaScript and not in the 170 KB budget.
// Usage: node shell/build/size-report.js [--only <workspace>]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './federation-shared.js';

const TOP_PAGE_TARGET_KB = 170;
const REMOTES = ['mf-search', 'mf-detail', 'mf-user', 'mf-forms'];

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function shellInitial() {
  const dir = path.join(repoRoot, 'shell', 'dist', 'client');
  const assets = path.join(dir, 'assets.json');
  if (!existsSync(assets)) return undefined;
  const { scripts, preload } = JSON.parse(readFileSync(assets, 'utf8'));
  const files = [...scripts, ...preload].map((u) => path.join(dir, u.replace(/^\/assets\//, '')));
  return files.reduce((sum, f) => sum + gz(f), 0);
}

/** The stylesheets a build emits (the shell's from assets.json, a remote's every .css), KB gzip. */
function cssSizes() {
  const out = [];
  const shellDir = path.join(repoRoot, 'shell', 'dist', 'client');
  const assets = path.join(shellDir, 'assets.json');
  if (existsSync(assets)) {
    const { styles = [] } = JSON.parse(readFileSync(assets, 'utf8'));
    out.push(['shell', styles.reduce((sum, u) => sum + gz(path.join(shellDir, u.replace(/^\/assets\//, ''))), 0)]);
  }
  for (const ws of REMOTES) {
    const dir = path.join(repoRoot, ws, 'dist', 'client');
    if (!existsSync(dir)) continue;
    out.push([
      ws,
      readdirSync(dir)
        .filter((f) => f.endsWith('.css'))
        .reduce((sum, f) => sum + gz(path.join(dir, f)), 0),
    ]);
  }
  return out;
}

function remoteSizes(ws) {
  const dir = path.join(repoRoot, ws, 'dist', 'client');
  const manifestFile = path.join(dir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entry = gz(path.join(dir, manifest.metaData.remoteEntry.name));
  // A page's own (sync) chunks. The manifest's async lists also name other pages' chunks and vendor
  // chunks of the shared fallbacks, which are not loaded when the host provides the singletons; the
  // e2e journey js-weight measures what a browser really loads.
  const pages = Object.fromEntries(manifest.exposes.map((e) => [e.name, e.assets.js.sync.reduce((sum, f) => sum + gz(path.join(dir, f)), 0)]));
  return { entry, pages };
}

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const lines = [];
const shell = shellInitial();
if (!only || only === 'shell')
  lines.push(`shell        initial JS (entry + preloaded chunks, React, router, Apollo, kit): ${shell === undefined ? 'not built' : kb(shell)}`);
const sizes = {};
for (const ws of REMOTES) {
  if (only && only !== ws && only !== 'shell') continue;
  const s = remoteSizes(ws);
  sizes[ws] = s;
  if (!s) {
    lines.push(`${ws.padEnd(12)} not built`);
    continue;
  }
  const pages = Object.entries(s.pages)
    .map(([name, size]) => `${name} ${kb(size)}`)
    .join(', ');
  lines.push(`${ws.padEnd(12)} remoteEntry ${kb(s.entry)}; pages: ${pages}`);
}
const search = sizes['mf-search'] ?? (only === 'shell' || !only ? remoteSizes('mf-search') : undefined);
if ((!only || only === 'shell') && shell !== undefined && search) {
  const top = shell + search.entry + (search.pages.TopPage ?? 0);
  lines.push(
    `top page     initial JS ${kb(top)} gzip (${top} B; target ≤ ${TOP_PAGE_TARGET_KB} KB): ${top / 1024 <= TOP_PAGE_TARGET_KB ? 'within target' : 'OVER target'}`,
  );
}
const css = cssSizes().filter(([ws]) => !only || only === ws);
if (css.length) lines.push(`stylesheets  ${css.map(([ws, size]) => `${ws} ${kb(size)}`).join(', ')} (CSS, gzip; outside the JS budget)`);
console.log(['[size] initial JS, gzip -9', ...lines.map((l) => `[size] ${l}`)].join('\n'));
