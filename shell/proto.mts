import { createRequire } from 'node:module';
import vm from 'node:vm';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import { renderToString } from 'react-dom/server';
import { createInstance } from '@module-federation/runtime';
const require = createRequire(import.meta.url);
const mf = createInstance({
  name: 'shell_server',
  remotes: [],
  shared: {
    react: { version: '19.3.1', lib: () => React, shareConfig: { singleton: true, requiredVersion: '^19.3.1' } },
    'react/jsx-runtime': { version: '19.3.1', lib: () => JsxRuntime, shareConfig: { singleton: true, requiredVersion: '^19.3.1' } },
  },
  plugins: [{
    name: 'loader',
    async loadEntry({ remoteInfo }) {
      const res = await fetch(remoteInfo.entry);
      const code = await res.text();
      const module = { exports: {} as any };
      const fn = vm.runInThisContext(`(function(exports, module, require, __dirname, __filename){${code}\n})`, { filename: remoteInfo.entry });
      fn(module.exports, module, require, '/', remoteInfo.entry);
      return module.exports;
    },
  }],
});
mf.registerRemotes([{ name: 'mf_search', entry: 'http://127.0.0.1:3901/server/remoteEntry.js?v=1', type: 'commonjs-module' } as any]);
const mod: any = await mf.loadRemote('mf_search/TopPage');
console.log(Object.keys(mod), renderToString(React.createElement(mod.default)));
console.log('same react?', (globalThis as any).__FEDERATION__.__SHARE__ ? 'share ok' : '');
const { execSync } = await import('node:child_process');
execSync("sed -i 's/Top page v1/Top page v2/' mf-search/src/pages/top-page.tsx && cd mf-search && npx webpack --config webpack.config.js --config-name mf_search:server >/dev/null 2>&1");
mf.registerRemotes([{ name: 'mf_search', entry: 'http://127.0.0.1:3901/server/remoteEntry.js?v=2', type: 'commonjs-module' } as any], { force: true });
const mod2: any = await mf.loadRemote('mf_search/TopPage');
console.log(renderToString(React.createElement(mod2.default)));
