import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '@sumika/server-kit';
import { DEFAULT_LISTINGS } from '../seed/seed.js';
import { runnerConfigFromEnv } from './config.js';
import { SERVICES, unitsOf, GROUP_ENTRY, wiringEnv } from './services.js';

describe('runnerConfigFromEnv', () => {
  it("keeps the defaults: the seed's 20,000 listings, every service on its documented port, compiled services", () => {
    const config = runnerConfigFromEnv({ DATA_DIR: '/tmp/sumika-runner' });
    expect(config.seedListings).toBeUndefined();
    expect(DEFAULT_LISTINGS).toBe(20_000);
    expect(config.startMode).toBe('compiled');
    expect(config.dataDir).toBe('/tmp/sumika-runner');
    expect(config.ports).toMatchObject({
      shell: 3000,
      'mf-search': 3001,
      'mf-forms': 3004,
      gateway: 4000,
      search: 4001,
      bukken: 4002,
      user: 4003,
      company: 4004,
      forms: 4005,
    });
    expect(Object.keys(config.ports)).toEqual(SERVICES.map((s) => s.name));
  });

  it('honours SEED_LISTINGS and every <NAME>_PORT', () => {
    const config = runnerConfigFromEnv({ SEED_LISTINGS: '200', GATEWAY_PORT: '4100', MF_USER_PORT: '3103', SEARCH_PORT: '' });
    expect(config.seedListings).toBe(200);
    expect(runnerConfigFromEnv({ START_MODE: 'tsx' }).startMode).toBe('tsx');
    expect(config.ports).toMatchObject({ gateway: 4100, 'mf-user': 3103, search: 4001 });
  });

  it('groups processes on the embedded default only (PROCESS_GROUPS=auto), never with a PostgreSQL URL or PROCESS_GROUPS=off', () => {
    expect(runnerConfigFromEnv({}).grouped).toBe(true);
    expect(runnerConfigFromEnv({ PROCESS_GROUPS: 'off' }).grouped).toBe(false);
    expect(runnerConfigFromEnv({ DATABASE_URL: 'postgres://127.0.0.1/x' }).grouped).toBe(false);
    expect(runnerConfigFromEnv({ BUKKEN_DATABASE_URL: 'postgres://127.0.0.1/x' }).grouped).toBe(false);
    expect(() => runnerConfigFromEnv({ PROCESS_GROUPS: 'yes' })).toThrow(/PROCESS_GROUPS="yes"/);
  });

  it('refuses bad values before anything starts, naming each', () => {
    expect(() => runnerConfigFromEnv({ SEED_LISTINGS: 'lots', COMPANY_PORT: '-1', DATABASE_URL: 'nope' })).toThrow(
      /^bad environment\n {2}COMPANY_PORT="-1": must be a port number.*\n {2}DATABASE_URL="nope": must be a URL\n {2}SEED_LISTINGS="lots": must be a whole number >= 0$/,
    );
  });
});

describe('wiringEnv', () => {
  const defaults = Object.fromEntries(SERVICES.map((s) => [s.name, s.port]));

  it('adds nothing but the ports on the default ports', () => {
    expect(wiringEnv(defaults, {})).toEqual(Object.fromEntries(SERVICES.map((s) => [s.portEnv, String(s.port)])));
  });

  it('tells every service where a moved one is, leaving what the environment set', () => {
    const env = wiringEnv({ ...defaults, gateway: 4300, search: 4301, 'mf-detail': 3302, shell: 3300 }, { SEARCH_URL: 'http://search.internal/graphql' });
    expect(env).toMatchObject({
      GATEWAY_PORT: '4300',
      GATEWAY_URL: 'http://127.0.0.1:4300/graphql',
      GATEWAY_JWKS_URL: 'http://127.0.0.1:4300/.well-known/jwks.json',
      MF_DETAIL_URL: 'http://127.0.0.1:3302',
      MF_DETAIL_PUBLIC_URL: 'http://localhost:3302',
      SHELL_JWKS_URL: 'http://127.0.0.1:3300/.well-known/jwks.json',
      SEARCH_PORT: '4301',
    });
    expect(env.SEARCH_URL).toBeUndefined();
    expect(env.BUKKEN_URL).toBeUndefined();
    expect(env.MF_SEARCH_URL).toBeUndefined();
  });
});

describe('unitsOf', () => {
  const named = (names: string[]) => SERVICES.filter((s) => names.includes(s.name));
  const shape = (units: ReturnType<typeof unitsOf>) => units.map((u) => [u.name, u.entry === GROUP_ENTRY, u.services.map((s) => s.name)]);

  it('runs the five subgraphs in one process and the four remotes in another, the rest alone, in start order', () => {
    expect(shape(unitsOf(SERVICES, true))).toEqual([
      ['subgraphs', true, ['search', 'bukken', 'user', 'company', 'forms']],
      ['gateway', false, ['gateway']],
      ['remotes', true, ['mf-search', 'mf-detail', 'mf-user', 'mf-forms']],
      ['shell', false, ['shell']],
    ]);
  });

  it('groups only what is selected, and a lone member runs as itself', () => {
    expect(shape(unitsOf(named(['search', 'user', 'gateway', 'mf-detail']), true))).toEqual([
      ['subgraphs', true, ['search', 'user']],
      ['gateway', false, ['gateway']],
      ['mf-detail', false, ['mf-detail']],
    ]);
  });

  it('runs one process per service when not grouped', () => {
    expect(unitsOf(SERVICES, false).map((u) => u.name)).toEqual(SERVICES.map((s) => s.name));
  });
});

/** Runs an entry with node (tsx as a loader, as the runner does) and collects its exit and output. */
function run(entry: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: repoRoot(), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('a bad variable at start', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sumika-env-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Without connection strings each service would open the embedded store under DATA_DIR, so "nothing opened" shows there too.
  const base = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, NO_COLOR: '1' });

  it.each([
    ['gateway', 'gateway/src/server.ts', 'SUBGRAPH_TIMEOUT_MS', '-1'],
    ['search', 'subgraphs/search/src/server.ts', 'SEARCH_PORT', 'abc'],
    ['bukken', 'subgraphs/bukken/src/server.ts', 'PUBLIC_IMAGE_ORIGIN', 'cdn'],
    ['user', 'subgraphs/user/src/server.ts', 'ALERT_SCAN_INTERVAL_SECONDS', 'often'],
    ['company', 'subgraphs/company/src/server.ts', 'REDIS_TIMEOUT_MS', '0'],
    ['forms', 'subgraphs/forms/src/server.ts', 'OUTBOX_INTERVAL_MS', 'x'],
    ['runner', 'infra/src/runner/main.ts', 'GATEWAY_PORT', 'abc'],
  ])(
    '%s prints the variable without a stack trace and exits 1',
    async (name, entry, variable, value) => {
      const { code, stdout, stderr } = await run(entry, { ...base(), [variable]: value });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines[0]).toBe(`[${name}] bad environment`);
      expect(lines[1]).toMatch(new RegExp(`^ {2}${variable}="${value}": must be `));
      expect(lines).toHaveLength(2);
    },
    90_000,
  );
});
