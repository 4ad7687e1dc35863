/** @jest-environment node */
import Fastify from 'fastify';
import securityHeaders, { scriptNonce, type SecurityHeadersOptions } from './security-headers.js';

async function appWith(opts: Partial<SecurityHeadersOptions> = {}) {
  const app = Fastify();
  await app.register(securityHeaders, {
    hsts: false,
    https: false,
    scriptOrigins: () => ['http://localhost:3001', 'http://localhost:3001'],
    recaptcha: false,
    ...opts,
  });
  app.get('/page', async (_req, reply) => ({ nonce: scriptNonce(reply) }));
  // A hijacked response (the SSR) keeps what the hooks set on the raw response.
  app.get('/hijacked', async (_req, reply) => {
    reply.hijack();
    reply.raw.end(scriptNonce(reply));
  });
  return app;
}

const directives = (csp: unknown) =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v]),
  );

describe('security headers', () => {
  it("names the response's own nonce in script-src, with 'strict-dynamic' and the remotes' origins for CSP2 browsers", async () => {
    const app = await appWith();
    const [a, b] = await Promise.all([app.inject({ url: '/page' }), app.inject({ url: '/page' })]);
    for (const res of [a!, b!]) {
      const scriptSrc = directives(res.headers['content-security-policy']).get('script-src');
      expect(scriptSrc).toEqual([`'nonce-${res.json().nonce}'`, "'strict-dynamic'", "'self'", 'http://localhost:3001']);
    }
    expect(a!.json().nonce).not.toBe(b!.json().nonce);
    const hijacked = await app.inject({ url: '/hijacked' });
    expect(hijacked.headers['content-security-policy']).toContain(`'nonce-${hijacked.body}'`);
    expect(hijacked.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(hijacked.headers['x-frame-options']).toBe('DENY');
  });

  it("takes stylesheets from files only, the shell's and the remotes' origins: no inline <style> element, style attributes allowed", async () => {
    const csp = directives((await (await appWith()).inject({ url: '/page' })).headers['content-security-policy']);
    expect(csp.get('style-src-elem')).toEqual(["'self'", 'http://localhost:3001']);
    expect(csp.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    // For browsers without the -elem/-attr directives.
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'http://localhost:3001']);
  });

  it("fetches from the site only, and loads images from the map's tile server only when one is set", async () => {
    const csp = directives((await (await appWith()).inject({ url: '/page' })).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    const tiles = directives((await (await appWith({ mapTileOrigin: 'https://tiles.example' })).inject({ url: '/page' })).headers['content-security-policy']);
    expect(tiles.get('img-src')).toEqual(["'self'", 'data:', 'https://tiles.example']);
  });

  it('sends HSTS and upgrade-insecure-requests only for TLS', async () => {
    const plain = await (await appWith()).inject({ url: '/page' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directives(plain.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
    const tls = await (await appWith({ hsts: true, https: true })).inject({ url: '/page' });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(tls.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it("allows reCAPTCHA's frames only when forms use it", async () => {
    expect(directives((await (await appWith()).inject({ url: '/page' })).headers['content-security-policy']).get('frame-src')).toEqual(["'none'"]);
    expect(directives((await (await appWith({ recaptcha: true })).inject({ url: '/page' })).headers['content-security-policy']).get('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });
});
