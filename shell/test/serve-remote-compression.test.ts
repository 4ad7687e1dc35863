/**
 * @jest-environment node
 *
 * The remotes' static server (shell/build/serve-remote.js): the build's .br/.gz sibling of a file
 * when the browser accepts it, and the cache headers per kind of file (issue 15).
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { acceptedEncodings, serveRemote } from '../build/serve-remote.js';

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET (fetch would decompress and hide the encoding). */
function get(port: number, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = `console.log(${JSON.stringify('remote chunk '.repeat(500))});`;

describe('acceptedEncodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip;q=1, br;q=0.4', ['gzip', 'br']],
    ['br;q=0, gzip', ['gzip']],
    ['identity', []],
    [undefined, []],
  ])('%s → %j', (header, expected) => {
    expect(acceptedEncodings(header)).toEqual(expected);
  });
});

describe('remote static server: precompressed siblings', () => {
  let root: string;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sumika-serve-'));
    const client = path.join(root, 'client');
    mkdirSync(client);
    for (const name of ['page.0123abcd.js', 'remoteEntry.js']) {
      writeFileSync(path.join(client, name), SCRIPT);
      // Marked so the test tells the sibling from the file.
      writeFileSync(path.join(client, `${name}.br`), brotliCompressSync(`${SCRIPT}//br`));
      writeFileSync(path.join(client, `${name}.gz`), gzipSync(`${SCRIPT}//gz`));
    }
    writeFileSync(path.join(client, 'styles.0123abcd.css'), 'body{color:red}');
    // A sibling older than its file (the file rebuilt without it) is never sent.
    writeFileSync(path.join(client, 'stale.js'), SCRIPT);
    writeFileSync(path.join(client, 'stale.js.br'), brotliCompressSync('old'));
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(client, 'stale.js.br'), past, past);
    server = await serveRemote({ dir: root, root, port: 0 });
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the .br sibling to a browser that accepts brotli, the .gz one to gzip only, the file otherwise', async () => {
    const br = await get(port, '/client/page.0123abcd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.status, br.headers['content-encoding'], br.headers['content-type'], br.headers.vary]).toEqual([
      200,
      'br',
      'text/javascript; charset=utf-8',
      'accept-encoding',
    ]);
    expect(brotliDecompressSync(br.body).toString()).toBe(`${SCRIPT}//br`);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gz = await get(port, '/client/page.0123abcd.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(`${SCRIPT}//gz`);
    const plain = await get(port, '/client/page.0123abcd.js');
    expect([plain.headers['content-encoding'], plain.body.toString(), plain.headers.vary]).toEqual([undefined, SCRIPT, 'accept-encoding']);
  });

  it('gives each encoding its own ETag, and answers a matching revalidation with 304', async () => {
    const br = await get(port, '/client/remoteEntry.js', { 'accept-encoding': 'br' });
    const plain = await get(port, '/client/remoteEntry.js');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await get(port, '/client/remoteEntry.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect([again.status, again.headers['content-encoding']]).toEqual([304, 'br']);
    const other = await get(port, '/client/remoteEntry.js', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) });
    expect(other.status).toBe(200);
  });

  it('caches hashed files for a year and makes the unhashed entry revalidate, whatever the encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      expect((await get(port, '/client/page.0123abcd.js', { 'accept-encoding': accept })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get(port, '/client/styles.0123abcd.css', { 'accept-encoding': accept })).headers['cache-control']).toBe(
        'public, max-age=31536000, immutable',
      );
      expect((await get(port, '/client/remoteEntry.js', { 'accept-encoding': accept })).headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a file without a sibling, or with one older than itself, as it is', async () => {
    const css = await get(port, '/client/styles.0123abcd.css', { 'accept-encoding': 'br' });
    expect([css.headers['content-encoding'], css.body.toString()]).toEqual([undefined, 'body{color:red}']);
    const stale = await get(port, '/client/stale.js', { 'accept-encoding': 'br' });
    expect([stale.headers['content-encoding'], stale.body.toString()]).toEqual([undefined, SCRIPT]);
  });

  it('answers HEAD with the headers of the representation it would send', async () => {
    const head = await get(port, '/client/page.0123abcd.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, 'br', 0]);
    expect(Number(head.headers['content-length'])).toBe(brotliCompressSync(`${SCRIPT}//br`).length);
  });
});
