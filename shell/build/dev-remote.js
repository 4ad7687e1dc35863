// `npm run dev -w <remote>`: a watch build (development, with the standalone page) and the remote's
// static server, which also serves the standalone page for any route of the remote and proxies
// /graphql, /api/v4_1 and /images to the local stack. webpack-dev-server is not installed.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import webpack from 'webpack';
import { remoteConfigs } from './remote-webpack.js';
import { serveRemote } from './serve-remote.js';

const dir = process.cwd();
const { default: federation } = await import(path.join(dir, 'module-federation.config.js'));
const PORTS = { mf_search: 3001, mf_detail: 3002, mf_user: 3003, mf_forms: 3004 };
const portEnv = `${federation.name.toUpperCase()}_PORT`;
const port = Number(process.env[portEnv] ?? process.env.PORT ?? PORTS[federation.name] ?? 3001);
const gateway = new URL(process.env.GATEWAY_URL ?? 'http://127.0.0.1:4000/graphql');
const bukkenImages = new URL(process.env.BUKKEN_IMAGES_URL ?? 'http://127.0.0.1:4002');
const companyImages = new URL(process.env.COMPANY_IMAGES_URL ?? 'http://127.0.0.1:4004');

// The standalone page imports every exposed page through this generated module.
const generated = path.join(dir, 'dist', '.standalone', 'pages.ts');
mkdirSync(path.dirname(generated), { recursive: true });
writeFileSync(
  generated,
  `export const REMOTE_NAME = ${JSON.stringify(federation.name)};\nexport const PAGES = {\n${Object.entries(federation.exposes)
    .map(([key, file]) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(path.join(dir, file))}),`)
    .join('\n')}\n};\n`,
);

// dist/dev: a development build must never replace the production build `npm start` serves.
const outDir = path.join(dir, 'dist', 'dev');
const configs = remoteConfigs({ dir, federation, mode: 'development', standalone: true, outDir });
configs[0].resolve.alias['@standalone-pages$'] = generated;
webpack(configs).watch({ aggregateTimeout: 300 }, (err, stats) => {
  if (err) return console.error(`[dev] ${err.message}`);
  const errors = stats.hasErrors();
  console.log(
    `[dev] ${federation.name} rebuilt${errors ? ' with errors' : ''} (${stats.stats.map((s) => `${s.compilation.name} ${s.endTime - s.startTime} ms`).join(', ')})`,
  );
  if (errors) console.log(stats.toString({ all: false, errors: true, colors: true }));
});

function proxy(req, res, target) {
  const upstream = http.request(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

const page = `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${federation.name} standalone</title></head><body><div id="root"></div><script src="/client/standalone.js"></script></body></html>`;

await serveRemote({
  dir,
  port,
  root: outDir,
  extra: (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/graphql') || url.startsWith('/api/v4_1/')) return (proxy(req, res, gateway), true);
    if (url.startsWith('/images/company/')) return (proxy(req, res, companyImages), true);
    if (url.startsWith('/images/')) return (proxy(req, res, bukkenImages), true);
    if (url.startsWith('/client/') || url.startsWith('/server/') || url === '/healthz') return false;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(page);
    return true;
  },
});
console.log(`[dev] ${federation.name}: standalone page on http://localhost:${port}/ (any of its routes), manifests under /client/ and /server/`);
