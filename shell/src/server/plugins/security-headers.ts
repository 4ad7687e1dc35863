import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const nonces = new WeakMap<ServerResponse, string>();

function nonceOf(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(18).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

/** The response's script nonce, named by its CSP header: every <script> the server writes carries it. */
export const scriptNonce = (reply: FastifyReply): string => nonceOf(reply.raw);

/**
 * Browser features the site may use: the map's "near me" asks for the position; nothing else. Only
 * features Chromium recognises: an unknown one (`bluetooth`) logs a console warning on every page.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/** reCAPTCHA's frames (forms, when RECAPTCHA_SITE_KEY is set); its scripts come in through 'strict-dynamic'. */
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export interface SecurityHeadersOptions {
  /** HSTS only when the site is served over TLS. */
  hsts: boolean;
  /** https PUBLIC_ORIGIN: the browser may upgrade http subresources. */
  https: boolean;
  /** Origins the browser loads the remotes' entries, chunks and stylesheets from (read per response: the directory changes at run time). */
  scriptOrigins: () => readonly string[];
  recaptcha: boolean;
  /** The map's tile server (MAP_TILE_URL's origin), whose images the map loads; none without one. */
  mapTileOrigin?: string | undefined;
}

/**
 * Security headers on every response (helmet; decision 013): a CSP whose scripts need the
 * response's nonce, trust passing to the scripts they load ('strict-dynamic': webpack and Module
 * Federation insert the remotes' entries and chunks as script elements), no framing, nosniff,
 * strict-origin-when-cross-origin, a Permissions-Policy, and HSTS when served over TLS.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${nonceOf(res)}'`;
    // CSP2 browsers ignore 'strict-dynamic' and read the host list instead.
    const hostSources = () => ["'self'", ...new Set(opts.scriptOrigins())].join(' ');
    // The remotes' stylesheets come from the same origins as their scripts (read per response too).
    const styleSources =
      (...first: string[]) =>
      () =>
        [...first, ...new Set(opts.scriptOrigins())].join(' ');
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': [nonceSource, "'strict-dynamic'", hostSources],
          'script-src-attr': ["'none'"],
          // Stylesheets are files (the shell's and each remote's, decision 017): no inline <style>
          // element is needed. React renders style attributes, so those stay allowed; 'style-src' is
          // the fallback of browsers without the -elem/-attr split. With img-src, font-src and
          // connect-src closed, injected CSS has nowhere to send anything.
          'style-src': [styleSources("'self'", "'unsafe-inline'")],
          'style-src-elem': [styleSources("'self'")],
          'style-src-attr': ["'unsafe-inline'"],
          'img-src': ["'self'", 'data:', ...(opts.mapTileOrigin ? [opts.mapTileOrigin] : [])],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'"],
          'frame-src': opts.recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'base-uri': ["'self'"],
          'object-src': ["'none'"],
          'worker-src': ["'self'"],
          'upgrade-insecure-requests': opts.https ? [] : null,
        },
      },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // The remotes' chunks come from their own origins without CORP headers of ours to match.
      crossOriginEmbedderPolicy: false,
    });
    // helmet has no Permissions-Policy; hijacked SSR responses keep headers set on the raw response.
    app.addHook('onRequest', async (_req, reply) => {
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    });
  },
  { name: 'security-headers' },
);
