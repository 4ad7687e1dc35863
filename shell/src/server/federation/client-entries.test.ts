/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { documentHead } from '../render/document.js';
import { ClientEntries } from './client-entries.js';
import { locationFromBase, type RemoteDirectory, type RemoteDirectoryData } from './remote-directory.js';

const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { name: 'TopPage', path: './TopPage', assets: { css: { sync: ['styles.0a1b2c3d.css'], async: [] }, js: { sync: [], async: [] } } },
    { name: 'MapPage', path: './MapPage', assets: { css: { sync: [], async: [] }, js: { sync: [], async: [] } } },
  ],
};

describe("ClientEntries: the remotes' entries and their pages' stylesheets from the client manifests", () => {
  let remote: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    remote = Fastify();
    remote.get('/client/mf-manifest.json', async () => MANIFEST);
    await remote.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
  });
  afterAll(() => remote.close());

  it('gives each exposed page its stylesheets as absolute URLs beside the entry, and none when the manifest is unreachable', async () => {
    const down = locationFromBase('http://127.0.0.1:9');
    const data: RemoteDirectoryData = { mf_search: locationFromBase(base), mf_detail: down, mf_user: down, mf_forms: down };
    const entries = new ClientEntries({ directory: { get: async () => data } as unknown as RemoteDirectory, ttlMs: 60_000 });
    const urls = await entries.get();
    expect(urls.mf_search).toMatch(new RegExp(`^${base}/client/remoteEntry\\.js\\?v=[0-9a-f]{16}$`));
    expect(entries.stylesFor('mf_search', './TopPage')).toEqual([`${base}/client/styles.0a1b2c3d.css`]);
    expect(entries.stylesFor('mf_search', './MapPage')).toEqual([]);
    expect(entries.stylesFor('mf_search', './Unknown')).toEqual([]);
    expect(entries.stylesFor('mf_detail', './BukkenDetailPage')).toEqual([]);
  });
});

describe('documentHead', () => {
  it("links the shell's stylesheets, then the page remote's, before the scripts; no inline <style>", () => {
    const head = documentHead({
      meta: { title: 't', description: 'd' },
      isSpView: false,
      assets: { scripts: ['/assets/main.js'], styles: ['/assets/main.0123abcd.css'], preload: [] },
      remoteEntries: ['http://localhost:3001/client/remoteEntry.js?v=1'],
      remoteStyles: ['http://localhost:3001/client/styles.0a1b2c3d.css'],
      nonce: 'n0nce',
    });
    const links = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(['/assets/main.0123abcd.css', 'http://localhost:3001/client/styles.0a1b2c3d.css']);
    expect(head.indexOf('rel="stylesheet"')).toBeLessThan(head.indexOf('<script'));
    expect(head).not.toContain('<style');
  });

  it('requests the entry scripts and preloads once the page has painted, in order, each with the nonce', () => {
    const head = documentHead({
      meta: { title: 't', description: 'd' },
      isSpView: false,
      assets: { scripts: ['/assets/react.1.js', '/assets/main.2.js'], styles: [], preload: ['/assets/chunk.3.js'] },
      remoteEntries: ['http://localhost:3001/client/remoteEntry.js?v=</script>'],
      nonce: 'n0nce',
    });
    // No script the parser fetches (it would run before the first paint): one inline starter.
    expect(head).not.toMatch(/<script[^>]* src=/);
    expect(head).not.toContain('rel="preload"');
    const starters = [...head.matchAll(/<script nonce="n0nce">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(starters).toHaveLength(1);
    const starter = starters[0]!;
    expect(starter).toContain('["/assets/react.1.js","/assets/main.2.js"]');
    expect(starter).toContain('"/assets/chunk.3.js","http://localhost:3001/client/remoteEntry.js?v=\\u003c/script>"');
    expect(starter).toContain('requestAnimationFrame');
  });
});
