import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { DEFAULT_RECAPTCHA_TEST_TOKEN, GoogleRecaptchaVerifier, recaptchaFromEnv, SITEVERIFY_URL, TestTokenVerifier } from './recaptcha.js';

describe('TestTokenVerifier (the local default)', () => {
  it('accepts only the documented token', async () => {
    const v = new TestTokenVerifier();
    expect(DEFAULT_RECAPTCHA_TEST_TOKEN).toBe('test-recaptcha-token');
    expect(await v.verify('test-recaptcha-token', '203.0.113.7')).toBe(true);
    for (const bad of ['', 'test-recaptcha-token ', 'TEST-RECAPTCHA-TOKEN', 'anything', '03AGdBq24…']) expect(await v.verify(bad)).toBe(false);
  });
  it('can be given another token', async () => {
    const v = new TestTokenVerifier('local-dev');
    expect(await v.verify('local-dev')).toBe(true);
    expect(await v.verify('test-recaptcha-token')).toBe(false);
  });
});

interface Seen {
  url: string;
  method: string;
  contentType: string | undefined;
  form: URLSearchParams;
}

/** A fake siteverify endpoint: answers per token, records what it was sent. */
async function fakeSiteverify(answer: (token: string) => { status?: number; body?: unknown; delayMs?: number }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      seen.push({ url: req.url ?? '', method: req.method ?? '', contentType: req.headers['content-type'], form });
      const a = answer(form.get('response') ?? '');
      setTimeout(() => {
        res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
        res.end(typeof a.body === 'string' ? a.body : JSON.stringify(a.body ?? {}));
      }, a.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  // Google's URL is what the verifier asks for; the injected fetch sends it to the fake.
  const requested: string[] = [];
  const fetchToFake: typeof fetch = (input, init) => {
    requested.push(String(input));
    return fetch(`${base}/recaptcha/api/siteverify`, init);
  };
  return { seen, requested, fetch: fetchToFake, close: () => new Promise((r) => server.close(r)) };
}

describe('GoogleRecaptchaVerifier (production)', () => {
  const answers: Record<string, { status?: number; body?: unknown; delayMs?: number }> = {
    'good-v2': { body: { success: true, hostname: 'sumika.example', challenge_ts: '2025-06-02T01:00:00Z' } },
    'good-v3': { body: { success: true, score: 0.9, action: 'inquiry' } },
    'bot-v3': { body: { success: true, score: 0.1, action: 'inquiry' } },
    'other-action': { body: { success: true, score: 0.9, action: 'login' } },
    expired: { body: { success: false, 'error-codes': ['timeout-or-duplicate'] } },
    'server-error': { status: 500, body: { error: 'oops' } },
    'not-json': { body: 'not json' },
    slow: { body: { success: true }, delayMs: 1_000 },
  };
  let fake: Awaited<ReturnType<typeof fakeSiteverify>>;
  beforeAll(async () => {
    fake = await fakeSiteverify((t) => answers[t] ?? { body: { success: false, 'error-codes': ['invalid-input-response'] } });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('POSTs secret, response and remoteip as a form to Google’s siteverify', async () => {
    const errors: unknown[] = [];
    const v = new GoogleRecaptchaVerifier({ secret: 's3cret', fetch: fake.fetch, onError: (e) => errors.push(e) });
    expect(await v.verify('good-v2', '203.0.113.7')).toBe(true);
    expect(fake.requested.at(-1)).toBe(SITEVERIFY_URL);
    const last = fake.seen.at(-1);
    expect(last?.method).toBe('POST');
    expect(last?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(last?.form ?? [])).toEqual({ secret: 's3cret', response: 'good-v2', remoteip: '203.0.113.7' });
    expect(errors).toEqual([]);
  });

  it('leaves out remoteip when the IP is unknown', async () => {
    const v = new GoogleRecaptchaVerifier({ secret: 's3cret', fetch: fake.fetch });
    expect(await v.verify('good-v2')).toBe(true);
    expect(fake.seen.at(-1)?.form.has('remoteip')).toBe(false);
  });

  it('rejects unsuccessful tokens, low v3 scores and other actions', async () => {
    const v = new GoogleRecaptchaVerifier({ secret: 's3cret', fetch: fake.fetch, expectedAction: 'inquiry' });
    expect(await v.verify('good-v3')).toBe(true);
    expect(await v.verify('bot-v3')).toBe(false);
    expect(await v.verify('other-action')).toBe(false);
    expect(await v.verify('expired')).toBe(false);
    expect(await v.verify('made-up')).toBe(false);
    expect(await new GoogleRecaptchaVerifier({ secret: 's', fetch: fake.fetch, minScore: 0.05 }).verify('bot-v3')).toBe(true);
  });

  it('fails closed on server errors, bad bodies, timeouts and unreachable hosts', async () => {
    const errors: unknown[] = [];
    const v = new GoogleRecaptchaVerifier({ secret: 's3cret', fetch: fake.fetch, timeoutMs: 200, onError: (e) => errors.push(e) });
    expect(await v.verify('server-error')).toBe(false);
    expect(await v.verify('not-json')).toBe(false);
    expect(await v.verify('slow')).toBe(false);
    const unreachable = new GoogleRecaptchaVerifier({ secret: 's3cret', endpoint: 'http://127.0.0.1:1/siteverify', onError: (e) => errors.push(e) });
    expect(await unreachable.verify('good-v2')).toBe(false);
    expect(errors.length).toBe(4);
  });
});

describe('recaptchaFromEnv', () => {
  it('uses Google with RECAPTCHA_SECRET, else the test token (overridable), and refuses production without a secret', async () => {
    expect(recaptchaFromEnv({ RECAPTCHA_SECRET: 'x' }).kind).toBe('google');
    const local = recaptchaFromEnv({});
    expect(local.kind).toBe('test-token');
    expect(await local.verify('test-recaptcha-token')).toBe(true);
    expect(await recaptchaFromEnv({ RECAPTCHA_TEST_TOKEN: 'dev' }).verify('dev')).toBe(true);
    expect(() => recaptchaFromEnv({ NODE_ENV: 'production' })).toThrow(/RECAPTCHA_SECRET/);
    expect(() => recaptchaFromEnv({ RECAPTCHA_SECRET: 'x', RECAPTCHA_MIN_SCORE: 'high' })).toThrow(/RECAPTCHA_MIN_SCORE="high": must be a number from 0 to 1/);
  });
});
