/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { documentHead } from '../render/document.js';
import { ClientEntries, INLINE_CSS_MAX_BYTES, inlinableCss } from './client-entries.js';
import { locationFromBase, type RemoteDirectory, type RemoteDirectoryData } from './remote-directory.js';

const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'TopPage', path: './TopPage', assets: { css: { sync: ['styles.0a1b2c3d.css'], async: [] }, js: { sync: [], async: [] } } },
    { name: 'MapPage', path: './MapPage', assets: { css: { sync: [], async: [] }, js: { sync: [], async: [] } } },
    { name: 'BigPage', path: './BigPage', assets: { css: { sync: ['big.0a1b2c3d.css'], async: [] }, js: { sync: [], async: [] } } },
  ],
};
const CSS = '.a{background:url(layers.416d9136.png)}.b{behavior:url(#default#VML)}.c{background:url("data:image/png;base64,AA==")}';

describe("ClientEntries: the remotes' entries and their pages' stylesheets from the client manifests", () => {
  let remote: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    remote = Fastify();
    remote.get('/client/mf-manifest.json', async () => MANIFEST);
    remote.get('/client/styles.0a1b2c3d.css', async (_req, reply) => reply.type('text/css').send(CSS));
    remote.get('/client/big.0a1b2c3d.css', async (_req, reply) => reply.type('text/css').send(`.x{}${' '.repeat(INLINE_CSS_MAX_BYTES)}`));
    await remote.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
  });
  afterAll(() => remote.close());

  it('gives each exposed page its stylesheets as absolute URLs beside the entry, with their texts to inline, and none when the manifest is unreachable', async () => {
    const down = locationFromBase('http://127.0.0.1:9');
    const data: RemoteDirectoryData = { mf_search: locationFromBase(base), mf_detail: down, mf_user: down, mf_forms: down };
    const entries = new ClientEntries({ directory: { get: async () => data } as unknown as RemoteDirectory, ttlMs: 60_000 });
    const urls = await entries.get();
    expect(urls.mf_search).toMatch(new RegExp(`^${base}/client/remoteEntry\\.js\\?v=[0-9a-f]{16}$`));
    const href = `${base}/client/styles.0a1b2c3d.css`;
    expect(entries.stylesFor('mf_search', './TopPage')).toEqual([
      {
        href,
        text: `.a{background:url(${base}/client/layers.416d9136.png)}.b{behavior:url(#default#VML)}.c{background:url("data:image/png;base64,AA==")}`,
      },
    ]);
    // Too large to inline: linked.
    expect(entries.stylesFor('mf_search', './BigPage')).toEqual([{ href: `${base}/client/big.0a1b2c3d.css` }]);
    expect(entries.stylesFor('mf_search', './MapPage')).toEqual([]);
    expect(entries.stylesFor('mf_search', './Unknown')).toEqual([]);
    expect(entries.stylesFor('mf_detail', './BukkenDetailPage')).toEqual([]);
  });
});

describe('inlinableCss', () => {
  it('makes relative references absolute against the file, keeps fragments, data: and absolute URLs, and cannot end the <style> element', () => {
    const file = 'https://cdn.example/mf-search/client/styles.css';
    expect(inlinableCss(".a{b:url('img/x.png')}.c{d:url( /root.png )}.e{f:url(https://o.example/y.png)}", file)).toBe(
      ".a{b:url('https://cdn.example/mf-search/client/img/x.png')}.c{d:url(https://cdn.example/root.png)}.e{f:url(https://o.example/y.png)}",
    );
    expect(inlinableCss('.a{content:"</style><script>"}', file)).toBe('.a{content:"<\\/style><script>"}');
  });
});

describe('documentHead', () => {
  it("links the shell's stylesheets, then the page remote's, before the scripts; a remote's read stylesheet inline with a disabled link beside it", () => {
    const head = documentHead({
      meta: { title: 't', description: 'd' },
      isSpView: false,
      assets: { scripts: ['/assets/main.js'], styles: ['/assets/main.0123abcd.css'], preload: [] },
      remoteEntries: ['http://localhost:3001/client/remoteEntry.js?v=1'],
      remoteStyles: [{ href: 'http://localhost:3001/client/styles.0a1b2c3d.css' }],
      nonce: 'n0nce',
    });
    const links = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/assets/main.0123abcd.css', 'http://localhost:3001/client/styles.0a1b2c3d.css']);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<script'));
    expect(head).not.toContain('<style');

    const inlined = documentHead({
      meta: { title: 't', description: 'd' },
      isSpView: false,
      assets: { scripts: ['/assets/main.js'], styles: ['/assets/main.0123abcd.css'], preload: [] },
      remoteEntries: ['http://localhost:3001/client/remoteEntry.js?v=1'],
      remoteStyles: [{ href: 'http://localhost:3001/client/styles.0a1b2c3d.css', text: '.a{color:red}' }],
      nonce: 'n0nce',
    });
    expect(inlined).toContain(
      '<link rel="stylesheet" href="/assets/main.0123abcd.css"><style nonce="n0nce">.a{color:red}</style><link rel="stylesheet" href="http://localhost:3001/client/styles.0a1b2c3d.css" disabled>',
    );
    expect(inlined.indexOf('<style')).toBeLessThan(inlined.indexOf('<script'));
  });
});
