/** @jest-environment node */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { locationFromBase, locationOfRelease, type RemoteDirectory, type RemoteDirectoryData } from './remote-directory.js';
import { ServerFederation } from './server-federation.js';

/** Two releases' server manifests (their content differs, so their hashes do). */
const manifest = (release: string) =>
  JSON.stringify({ metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildHash: release } } });
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('ServerFederation follows the registry at once, newest registry first (decision 027)', () => {
  let remote: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    remote = Fastify();
    remote.get('/releases/:v/server/mf-manifest.json', async (req, reply) => reply.type('application/json').send(manifest((req.params as { v: string }).v)));
    await remote.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
  });
  afterAll(() => remote.close());

  const directoryAt = (version: string): RemoteDirectoryData => {
    const down = locationFromBase('http://127.0.0.1:9');
    return { mf_search: locationOfRelease(base, base, version), mf_detail: down, mf_user: down, mf_forms: down };
  };

  it('takes another pinned release on the next request, whatever the TTL, and a request that read the older registry cannot bring it back', async () => {
    // Reads answered in the order given: each request's read of the registry, with its generation.
    const reads: { data: RemoteDirectoryData; generation: number }[] = [];
    const directory = { read: async () => reads.shift()!, get: async () => reads.shift()!.data } as unknown as RemoteDirectory;
    const federation = new ServerFederation({ directory, ttlMs: 60_000, timeoutMs: 2000, log: quiet });

    reads.push({ data: directoryAt('aaaaaaaaaaaa'), generation: 1 });
    await federation.ensureFresh('mf_search');
    expect(federation.version('mf_search')).toBe(hash(manifest('aaaaaaaaaaaa')));

    // The registry now pins bbbb…: one request read it; another, started before the change, resolves after with the old one.
    reads.push({ data: directoryAt('bbbbbbbbbbbb'), generation: 2 }, { data: directoryAt('aaaaaaaaaaaa'), generation: 1 });
    await Promise.all([federation.ensureFresh('mf_search'), federation.ensureFresh('mf_search')]);
    expect(federation.version('mf_search')).toBe(hash(manifest('bbbbbbbbbbbb')));

    // A rollback is a newer registry naming the old release: taken at once too.
    reads.push({ data: directoryAt('aaaaaaaaaaaa'), generation: 3 });
    await federation.ensureFresh('mf_search');
    expect(federation.version('mf_search')).toBe(hash(manifest('aaaaaaaaaaaa')));
  });
});
