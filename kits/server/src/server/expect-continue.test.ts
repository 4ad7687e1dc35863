import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { answerExpectContinue } from './expect-continue.js';

/** Sends the head, waits for the first answer, then sends the body if that answer was 100. */
function askThenSend(port: number, length: number): Promise<{ first: string; all: string; bodySent: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let data = '';
    let first = '';
    let bodySent = false;
    socket.on('connect', () =>
      socket.write(
        `POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      ),
    );
    socket.on('data', (d: Buffer) => {
      data += d.toString('latin1');
      if (!first && data.includes('\r\n\r\n')) {
        first = data.slice(0, data.indexOf('\r\n'));
        if (first.includes(' 100 ')) {
          bodySent = true;
          socket.write(`{"s":"${'x'.repeat(length - 8)}"}`);
        }
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ first, all: data, bodySent }));
  });
}

describe('answerExpectContinue', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = Fastify({ bodyLimit: 64 * 1024 });
    answerExpectContinue(app);
    app.post('/echo', async (req) => ({ length: JSON.stringify(req.body).length }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => app.close());

  it('answers 413 at once to a body declared over the limit: no 100, no upload', async () => {
    const { first, bodySent } = await askThenSend(port, 1024 * 1024);
    expect(first).toBe('HTTP/1.1 413 Payload Too Large');
    expect(bodySent).toBe(false);
  });

  it('sends 100 Continue to a body within the limit, then routes the request', async () => {
    const { first, all, bodySent } = await askThenSend(port, 1000);
    expect(first).toBe('HTTP/1.1 100 Continue');
    expect(bodySent).toBe(true);
    expect(all).toContain('HTTP/1.1 200 OK');
    expect(all).toContain('{"length":1000}');
  });
});
