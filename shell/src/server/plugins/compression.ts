import type { ServerResponse } from 'node:http';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
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

/** Where a streamed response's body goes: straight to the socket, or through brotli/gzip. */
export interface BodySink {
  write(chunk: string | Buffer): void;
  /** Sends what is buffered so far (a page's head, so the browser starts on its CSS and scripts). */
  flush(): void;
  end(chunk?: string | Buffer): void;
}

/**
 * A body writer for a response written by hand (the hijacked, streamed page), compressed when the
 * request accepts it; sets content-encoding. Call before the first write, after the status.
 */
export function compressedBody(res: ServerResponse, acceptEncoding: string | string[] | undefined): BodySink {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) {
    return { write: (chunk) => void res.write(chunk), flush: () => {}, end: (chunk) => void (chunk === undefined ? res.end() : res.end(chunk)) };
  }
  res.setHeader('content-encoding', encoding);
  res.removeHeader('content-length');
  const z =
    encoding === 'br'
      ? createBrotliCompress({
          params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        })
      : createGzip({ level: 6 });
  z.on('error', (err) => res.destroy(err));
  // A visitor who leaves mid-page: free the compressor now, not when the render ends.
  res.on('close', () => {
    if (!res.writableFinished) z.destroy();
  });
  z.pipe(res);
  return { write: (chunk) => void z.write(chunk), flush: () => z.flush(), end: (chunk) => void (chunk === undefined ? z.end() : z.end(chunk)) };
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
