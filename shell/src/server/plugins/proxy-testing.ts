/** Test helpers for the proxies: a real upstream fastify, a port that refuses, and one that never answers. */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';

export async function upstream(routes: (app: FastifyInstance) => void): Promise<{ app: FastifyInstance; origin: string }> {
  const app = Fastify();
  // Every body as it came, to compare bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  routes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** An origin nothing listens on: the connection is refused. */
export async function refusingOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Accepts connections and never answers. */
export async function blackhole(): Promise<{ origin: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
