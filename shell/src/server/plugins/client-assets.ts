import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientAssets } from '../render/document.js';

declare module 'fastify' {
  interface FastifyInstance {
    clientAssets: () => ClientAssets;
  }
}

/** A content-hashed file name (react.d519a148.js): its URL changes with its content. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

/**
 * The shell's browser build under /assets/ (hashed names: cached for a year) and the list of entry
 * scripts and stylesheets the HTML loads (assets.json, written by the build; re-read when it changes).
 */
export default fp(
  async function clientAssets(app: FastifyInstance, opts: { clientDir: string }) {
    const manifest = path.join(opts.clientDir, 'assets.json');
    let cached: { mtime: number; assets: ClientAssets } | undefined;
    let warned = false;
    app.decorate('clientAssets', (): ClientAssets => {
      if (!existsSync(manifest)) {
        if (!warned) app.log.warn(`${manifest} is missing: pages render without their browser scripts (npm run build -w shell)`);
        warned = true;
        return { scripts: [], styles: [], preload: [] };
      }
      const mtime = statSync(manifest).mtimeMs;
      if (cached?.mtime !== mtime) cached = { mtime, assets: JSON.parse(readFileSync(manifest, 'utf8')) as ClientAssets };
      return cached.assets;
    });
    if (existsSync(opts.clientDir)) {
      await app.register(fastifyStatic, {
        root: opts.clientDir,
        prefix: '/assets/',
        index: false,
        // The .br/.gz sibling the build wrote beside each script and stylesheet, when the browser takes it.
        preCompressed: true,
        setHeaders: (res, file) => {
          res.header('cache-control', HASHED.test(file.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
  },
  { name: 'client-assets' },
);
