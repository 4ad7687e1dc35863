import type { ServerResponse } from 'node:http';
import { brotliCompress, constants, gzip } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Brotli quality for what is compressed per request (pages, proxied JSON): 4 keeps most of brotli's
 * gain over gzip at a small fraction of quality 11's CPU. Static assets are compressed at build (quality 11).
 * A constant until the shell's config carries it (issue 15).
 */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** Bodies below this many bytes go as they are: the encoding's framing would eat the saving. */
export const COMPRESS_THRESHOLD = 1024;

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: the highest q of br and gzip, br on a tie; none when neither is accepted. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/**
 * Ends a response written by hand (the hijacked page) with its whole body, compressed when the request
 * accepts it and the body is worth it (content-encoding and content-length set). Compression runs on
 * libuv's thread pool, off the event loop; a visitor who left meanwhile gets nothing.
 */
export function endCompressed(res: ServerResponse, acceptEncoding: string | string[] | undefined, body: Buffer): void {
  const encoding = body.length >= COMPRESS_THRESHOLD ? preferredEncoding(acceptEncoding) : undefined;
  if (!encoding) {
    res.end(body);
    return;
  }
  const send = (err: Error | null, compressed: Buffer) => {
    if (res.destroyed) return;
    if (err) {
      res.destroy(err);
      return;
    }
    res.setHeader('content-encoding', encoding);
    res.setHeader('content-length', compressed.length);
    res.end(compressed);
  };
  if (encoding === 'br') {
    brotliCompress(
      body,
      { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
      send,
    );
  } else {
    gzip(body, { level: 6 }, send);
  }
}

/**
 * Compression of every reply sent through fastify (proxied GraphQL/REST, JSON, images, static files
 * without a precompressed sibling): brotli where accepted, else gzip, at a CPU-light quality.
 * Request bodies are left as they come (the proxy forwards them untouched).
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
