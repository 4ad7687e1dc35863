/** @jest-environment node */
import { mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseRegistry, RemoteDirectory } from './remote-directory.js';

describe('RemoteDirectory', () => {
  it('reads MF_<NAME>_URL, with a separate public URL for browsers', async () => {
    const dir = new RemoteDirectory({ env: { MF_SEARCH_URL: 'http://search.internal:8080', MF_SEARCH_PUBLIC_URL: 'https://cdn.example/search' } });
    const data = await dir.get();
    expect(data.mf_search).toEqual({
      server: 'http://search.internal:8080/server/mf-manifest.json',
      client: 'https://cdn.example/search/client/mf-manifest.json',
    });
    expect(data.mf_detail.server).toBe('http://127.0.0.1:3002/server/mf-manifest.json');
  });

  it('re-reads remotes.json when it changes (no restart)', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'remotes-')), 'remotes.json');
    await writeFile(file, JSON.stringify({ mf_user: 'http://a:1' }));
    const dir = new RemoteDirectory({ remotesFile: file, env: {} });
    expect((await dir.get()).mf_user.server).toBe('http://a:1/server/mf-manifest.json');
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(file, JSON.stringify({ mf_user: { server: 'http://b:2/s/mf-manifest.json', client: 'http://b:2/c/mf-manifest.json' } }));
    expect((await dir.get()).mf_user).toEqual({ server: 'http://b:2/s/mf-manifest.json', client: 'http://b:2/c/mf-manifest.json' });
  });

  it('gives its last read without waiting (the CSP header reads it per response)', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'remotes-')), 'remotes.json');
    await writeFile(file, JSON.stringify({ mf_forms: { url: 'http://forms.internal:1', publicUrl: 'https://forms.cdn.example' } }));
    const dir = new RemoteDirectory({ remotesFile: file, env: {} });
    expect(dir.snapshot().mf_forms.client).toBe('http://localhost:3004/client/mf-manifest.json');
    await dir.get();
    expect(dir.snapshot().mf_forms.client).toBe('https://forms.cdn.example/client/mf-manifest.json');
  });
});

describe('RemoteDirectory: pinned releases and a refused registry (decision 027)', () => {
  async function registryFile(json: unknown): Promise<string> {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'remotes-')), 'remotes.json');
    await writeFile(file, typeof json === 'string' ? json : JSON.stringify(json));
    return file;
  }
  const replace = async (file: string, json: unknown) => {
    await writeFile(`${file}.tmp`, typeof json === 'string' ? json : JSON.stringify(json));
    await rename(`${file}.tmp`, file);
  };
  const quiet = () => {
    const lines: string[] = [];
    return {
      lines,
      log: {
        info: (_: object, msg: string) => lines.push(`info ${msg}`),
        error: (obj: object, msg: string) => lines.push(`error ${msg} ${JSON.stringify(obj)}`),
      },
    };
  };

  it('resolves a pinned version against the entry URL, MF_<NAME>_URL or the local port; "latest" or none is the latest build', async () => {
    const file = await registryFile({
      mf_search: { url: 'http://search.internal:8080', publicUrl: 'https://cdn.example/search', version: '0123456789ab' },
      mf_detail: { version: 'abcdef012345' },
      mf_user: { url: 'http://user.internal', version: 'latest' },
      mf_forms: {},
    });
    const dir = new RemoteDirectory({ remotesFile: file, env: { MF_DETAIL_URL: 'http://detail.internal:3002/' } });
    const data = await dir.get();
    expect(data.mf_search).toEqual({
      server: 'http://search.internal:8080/releases/0123456789ab/server/mf-manifest.json',
      client: 'https://cdn.example/search/releases/0123456789ab/client/mf-manifest.json',
      version: '0123456789ab',
    });
    expect(data.mf_detail).toEqual({
      server: 'http://detail.internal:3002/releases/abcdef012345/server/mf-manifest.json',
      client: 'http://detail.internal:3002/releases/abcdef012345/client/mf-manifest.json',
      version: 'abcdef012345',
    });
    expect(data.mf_user).toEqual({ server: 'http://user.internal/server/mf-manifest.json', client: 'http://user.internal/client/mf-manifest.json' });
    expect(data.mf_forms).toEqual({ server: 'http://127.0.0.1:3004/server/mf-manifest.json', client: 'http://localhost:3004/client/mf-manifest.json' });
  });

  it('refuses a registry that is not valid, whole: the last good one stays in force, logged once per problem', async () => {
    const file = await registryFile({ mf_search: { url: 'http://a:1', version: '0123456789ab' } });
    const { lines, log } = quiet();
    const dir = new RemoteDirectory({ remotesFile: file, env: {}, log });
    const good = await dir.read();
    expect(good.data.mf_search.version).toBe('0123456789ab');
    const bad = [
      '{ "mf_search": ',
      { mf_search: { version: 42 } },
      { mf_search: { url: 'http://a:1', version: 'v2' } },
      { mf_search: { url: 'ftp://a' } },
      { mf_search: { server: 'http://a/s.json' } },
      { mf_serch: 'http://a:1' },
      { mf_search: 'http://b:2', mf_detail: { version: '0123456789ab', extra: 1 } },
      [],
    ];
    for (const registry of bad) {
      await replace(file, registry);
      expect(await dir.read()).toEqual(good);
      expect(await dir.read()).toEqual(good); // the same refused file: not read, not logged again
    }
    expect(lines).toHaveLength(bad.length);
    expect(lines.every((l) => l.startsWith('error remote registry refused: the last good one stays in force'))).toBe(true);
    expect(lines[1]).toContain('mf_search');
    expect(lines[5]).toContain('mf_serch');

    await replace(file, { mf_search: { url: 'http://a:1', version: 'fedcba987654' } });
    const next = await dir.read();
    expect(next.data.mf_search.server).toBe('http://a:1/releases/fedcba987654/server/mf-manifest.json');
    expect(next.generation).toBeGreaterThan(good.generation);
    expect(lines.at(-1)).toBe('info remote registry valid again');
  });

  it('a registry that cannot be read before any good one: the environment’s remotes, never a throw', async () => {
    const { lines, log } = quiet();
    const dir = new RemoteDirectory({ remotesFile: path.join(tmpdir(), 'no-such-dir', 'remotes.json'), env: { MF_USER_URL: 'http://u:1' }, log });
    expect((await dir.get()).mf_user.server).toBe('http://u:1/server/mf-manifest.json');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("the environment's remotes are used");
  });

  it("accepts the cluster's example registry (deploy/k8s/base/remotes.json)", async () => {
    const example = fileURLToPath(new URL('../../../../deploy/k8s/base/remotes.json', import.meta.url));
    expect(Object.keys(parseRegistry(await readFile(example, 'utf8')))).toEqual(['mf_search', 'mf_detail', 'mf_user', 'mf_forms']);
  });
});
