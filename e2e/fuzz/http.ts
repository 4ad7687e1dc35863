/**
 * A raw HTTP/1.1 client over a TCP socket: the fuzz suite sends bytes no HTTP library would (a path of
 * `//` or `/%zz` as is, a malformed Host, a NUL in the request line, a body shorter or longer than
 * declared), one connection per request (`Connection: close`), and reads whatever comes back.
 */
import net from 'node:net';
import { gunzipSync, brotliDecompressSync, inflateSync } from 'node:zlib';

export interface RawRequest {
  method: string;
  /** The request target exactly as sent (path and query, or an absolute URL, or `*`). */
  target: string;
  /** Header lines in order; a `null` Host means none is sent. Values are sent byte for byte (latin1). */
  headers: [string, string][];
  body?: Buffer | string;
  /** Send these bytes instead of building a request (for broken framing). */
  raw?: Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
  /** Set when no complete status line came back (connection refused, reset, timeout). */
  error?: string;
}

export function encodeRequest(req: RawRequest): Buffer {
  if (req.raw) return req.raw;
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const lines = [`${req.method} ${req.target} HTTP/1.1`];
  const names = new Set(req.headers.map(([k]) => k.toLowerCase()));
  for (const [k, v] of req.headers) lines.push(`${k}: ${v}`);
  if (!names.has('connection')) lines.push('Connection: close');
  if (body !== undefined && !names.has('content-length') && !names.has('transfer-encoding')) lines.push(`Content-Length: ${body.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

function dechunk(buf: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < buf.length) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(buf.subarray(at, eol).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size) || size <= 0) break;
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
    if (encoding === 'deflate') return inflateSync(body);
  } catch {
    // keep the bytes as they came
  }
  return body;
}

/** Parses what the server sent; undefined when there is no complete head. */
export function parseResponse(data: Buffer): Omit<RawResponse, 'ms'> | undefined {
  // Skip interim responses (100 Continue): the answer is the final one.
  while (/^HTTP\/1\.[01] 1\d\d /.test(data.subarray(0, 16).toString('latin1'))) {
    const interim = data.indexOf('\r\n\r\n');
    if (interim < 0) return undefined;
    data = data.subarray(interim + 4);
  }
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...headerLines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '');
  if (!m) return undefined;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers[name] = headers[name] !== undefined ? `${headers[name]}, ${value}` : value;
  }
  let body = data.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  body = decode(body, headers['content-encoding']);
  return { status: Number(m[1]), headers, body: body.toString('utf8') };
}

const WRITE_PIECE = 64 * 1024;

/** Sends one request to 127.0.0.1:port and resolves with the response (or the error) after the server closes. */
export function send(port: number, req: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const started = performance.now();
  const bytes = encodeRequest(req);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect({ host: '127.0.0.1', port });
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const ms = performance.now() - started;
      const parsed = parseResponse(Buffer.concat(chunks));
      // A server may answer early (413, 431) and close while the rest is still being written: that is an answer.
      if (parsed) resolve({ ...parsed, ms });
      else
        resolve({
          status: 0,
          headers: {},
          body: Buffer.concat(chunks).toString('utf8').slice(0, 2000),
          ms,
          error: error ?? 'connection closed without a response',
        });
    };
    const timer = setTimeout(() => finish(`no complete response within ${timeoutMs} ms`), timeoutMs);
    // Written in pieces, each after the last drained, and no more once the server has answered: a server
    // that refuses a large body early (413) closes with the rest unread, and a client still writing then
    // gets EPIPE or a reset that can arrive before the answer is read (as browsers and curl do, stop).
    // write, not end: a half-closed socket is not what browsers send.
    // With `Expect: 100-continue` (as curl sends for large bodies) only the head goes first; the body
    // follows a 100 (or a second's silence, as curl does) and never follows a final answer.
    const expects = !req.raw && req.headers.some(([k, v]) => k.toLowerCase() === 'expect' && /100-continue/i.test(v));
    const headEnd = expects ? bytes.indexOf('\r\n\r\n') + 4 : bytes.length;
    let released = !expects;
    let received = 0;
    let interim = 0; // bytes of the 100 answer, which do not stop the body
    const release = (interimBytes: number) => {
      if (released) return;
      released = true;
      interim = interimBytes;
      writeNext();
    };
    let at = 0;
    const writeNext = () => {
      while (!settled && (released ? received === interim : at < headEnd) && at < bytes.length) {
        const piece = bytes.subarray(at, Math.min(at + WRITE_PIECE, released ? bytes.length : headEnd));
        at += piece.length;
        if (!socket.write(piece)) {
          socket.once('drain', writeNext);
          return;
        }
      }
    };
    socket.on('connect', () => {
      writeNext();
      if (expects) setTimeout(() => release(0), 1000).unref();
    });
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      received += d.length;
      if (released) return;
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end >= 0 && /^HTTP\/1\.[01] 100 /.test(all.toString('latin1', 0, 16))) release(end + 4);
      else if (end >= 0) released = true; // a final answer: the body is not sent
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // EPIPE/ECONNRESET after the server answered: wait for the close to parse what came.
      if (chunks.length > 0 && (err.code === 'EPIPE' || err.code === 'ECONNRESET')) return;
      finish(err.code ?? err.message);
    });
  });
}
