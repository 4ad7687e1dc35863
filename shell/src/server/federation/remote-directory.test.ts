/** @jest-environment node */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RemoteDirectory } from './remote-directory.js';

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
