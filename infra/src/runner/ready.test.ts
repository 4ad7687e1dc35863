import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { whenReady } from './ready.js';

/** A server whose /readyz answers 503 until `readyAfterMs` has passed (never: Infinity). */
async function service(readyAfterMs: number): Promise<{ url: string; server: Server }> {
  const since = Date.now();
  const server = createServer((req, res) => {
    res.statusCode = req.url === '/readyz' && Date.now() - since >= readyAfterMs ? 200 : 503;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`, server };
}

describe('whenReady (the runner\u2019s "ready" line)', () => {
  const servers: Server[] = [];
  afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

  it('waits for the last service to turn ready, and names those still waiting at the deadline', async () => {
    const [now, later, never] = await Promise.all([service(0), service(400), service(Infinity)]);
    servers.push(now.server, later.server, never.server);
    const both = await whenReady(
      [
        { name: 'now', url: now.url },
        { name: 'later', url: later.url },
      ],
      { intervalMs: 50 },
    );
    expect(both.waiting).toEqual([]);
    expect(both.ms).toBeGreaterThanOrEqual(300);

    const stuck = await whenReady(
      [
        { name: 'now', url: now.url },
        { name: 'never', url: never.url },
        // Nothing listens here: refused is "not yet", not an error.
        { name: 'gone', url: 'http://127.0.0.1:9/readyz' },
      ],
      { intervalMs: 50, timeoutMs: 300 },
    );
    expect(stuck.waiting).toEqual(['never', 'gone']);
  });
});
