import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, bundleOf, compiledEntry, isFresh, type Bundle } from './compile.js';
import { SERVICES } from './services.js';

describe('compile (the bundles npm start runs)', () => {
  let root: string;
  const bundle: Bundle = { name: 'demo', entries: ['pkg/src/server.ts'], outdir: 'pkg/dist/bundle' };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sumika-compile-'));
    mkdirSync(path.join(root, 'pkg', 'src'), { recursive: true });
    writeFileSync(path.join(root, 'pkg', 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(root, 'pkg', 'schema.graphql'), 'type Query { demo: Int }\n');
    // Like a subgraph's index.ts: a file beside the package, found from the source's own location.
    writeFileSync(
      path.join(root, 'pkg', 'src', 'schema.ts'),
      "import { readFileSync } from 'node:fs';\nexport const typeDefs: string = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');\n",
    );
    writeFileSync(
      path.join(root, 'pkg', 'src', 'server.ts'),
      "import { typeDefs } from './schema.js';\nconst n: number = typeDefs.length;\nconsole.log(`${n} ${typeDefs.trim()}`);\n",
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('bundles an entry that node runs without tsx, import.meta.url still naming the source file', async () => {
    await build(bundle, root);
    const out = execFileSync(process.execPath, [path.join(root, 'pkg', 'dist', 'bundle', 'server.js')], { encoding: 'utf8' });
    expect(out.trim()).toBe('25 type Query { demo: Int }');
    expect(readFileSync(path.join(root, 'pkg', 'dist', 'bundle', 'server.js'), 'utf8')).toContain('new URL("../../src/schema.ts", import.meta.url)');
  });

  it('is fresh after a build and stale when a source changes or the bundle is gone', async () => {
    expect(isFresh(bundle, root)).toBe(false);
    await build(bundle, root);
    expect(isFresh(bundle, root)).toBe(true);
    // A source written after the bundle was made (the bundle's record moved back instead of waiting).
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, 'pkg', 'dist', 'bundle', 'bundle-meta.json'), earlier, earlier);
    expect(isFresh(bundle, root)).toBe(false);
    await build(bundle, root);
    expect(isFresh(bundle, root)).toBe(true);
    rmSync(path.join(root, 'pkg', 'dist', 'bundle', 'server.js'));
    expect(isFresh(bundle, root)).toBe(false);
  });

  it('runs every TypeScript service from <package>/dist/bundle and a JavaScript one as it is', () => {
    const byName = Object.fromEntries(SERVICES.map((s) => [s.name, s]));
    expect(compiledEntry(byName.search!)).toBe('subgraphs/search/dist/bundle/server.js');
    expect(compiledEntry(byName.gateway!)).toBe('gateway/dist/bundle/server.js');
    expect(compiledEntry(byName.shell!)).toBe('shell/dist/bundle/main.js');
    expect(bundleOf(byName['mf-search']!)).toBeUndefined();
    expect(compiledEntry(byName['mf-search']!)).toBe('mf-search/serve.js');
  });
});
