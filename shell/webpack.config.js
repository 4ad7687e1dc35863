// The shell's browser build (dist/client): the host of the Module Federation remotes.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedFor } from './build/federation-shared.js';
import { browserCss, browserMinimizeOptions, browserPlugins, browserRules, browserTarget, precompressPlugins, resolveOptions } from './build/remote-webpack.js';
import federation from './module-federation.config.js';

const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const dir = path.dirname(fileURLToPath(import.meta.url));

/** Writes assets.json: the entry scripts and stylesheets for <head> and the chunks to preload. */
class AssetsManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AssetsManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AssetsManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const publicPath = compilation.outputOptions.publicPath;
        const scripts = compilation.entrypoints
          .get('main')
          .getFiles()
          .filter((f) => f.endsWith('.js'));
        // Every async chunk but the shell's own pages (loaded on their routes) and the lazy chunks
        // (loaded when used). The shared singletons are eager, in the entry's own chunks, so today
        // this is empty; a chunk split off the startup path would be preloaded here.
        const preload = [];
        for (const group of compilation.chunkGroups) {
          if (group.isInitial() || /^(shell-page|lazy)-/.test(group.name ?? '')) continue;
          for (const f of group.getFiles()) if (f.endsWith('.js') && !scripts.includes(f) && !preload.includes(f)) preload.push(f);
        }
        // The kit's and the shell's stylesheet (content-hashed), linked by the SSR document.
        const styles = compilation.entrypoints
          .get('main')
          .getFiles()
          .filter((f) => f.endsWith('.css'));
        const json = JSON.stringify(
          { scripts: scripts.map((f) => publicPath + f), styles: styles.map((f) => publicPath + f), preload: preload.map((f) => publicPath + f) },
          null,
          2,
        );
        compilation.emitAsset('assets.json', new compiler.webpack.sources.RawSource(json));
      });
    });
  }
}

export default (_env, argv) => {
  const mode = argv.mode ?? 'production';
  return {
    name: 'shell:client',
    mode,
    context: dir,
    target: browserTarget,
    devtool: mode === 'production' ? false : 'source-map',
    entry: { main: './src/client/entry.ts' },
    output: {
      path: path.join(dir, 'dist', 'client'),
      publicPath: '/assets/',
      uniqueName: federation.name,
      // Every script content-hashed (served immutable for a year; the document names the entry from
      // assets.json). The federation runtime asks for this template only to learn the output dir,
      // before content hashes exist: it gets the unhashed name, which lies in the same dir.
      filename: (pathData) => (pathData.chunk?.contentHash?.javascript ? '[name].[contenthash:8].js' : '[name].js'),
      chunkFilename: '[name].[contenthash:8].js',
      ...browserCss.output,
      clean: true,
    },
    experiments: browserCss.experiments,
    resolve: resolveOptions(),
    // The scripts, and the federation runtime without what a browser never runs (no snapshot or
    // preload code: remotes are registered by their remoteEntry.js) — as in every remote's browser build.
    module: { rules: browserRules() },
    optimization: {
      minimizeOptions: browserMinimizeOptions,
      // React's client (~67 KB gzip) in its own initial chunk, named by content: it changes far less
      // often than the shell and kit, so a new shell build leaves it cached.
      splitChunks: {
        cacheGroups: {
          react: {
            name: 'react',
            filename: 'react.[contenthash:8].js',
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            chunks: 'initial',
            enforce: true,
          },
        },
      },
    },
    plugins: [
      // graphql's printer → the compact one (build/gql-print.js), as in every remote's browser build.
      ...browserPlugins(),
      new ModuleFederationPlugin({
        ...federation,
        shared: sharedFor(dir, { host: true }),
        dts: false,
        manifest: false,
        // Remotes are registered by their remoteEntry URL (the server reads the manifests): no snapshots.
        runtimePlugins: [path.join(dir, 'build', 'provide-federation-runtime.js')],
        experiments: { optimization: { target: 'web', disableSnapshot: true } },
      }),
      new AssetsManifestPlugin(),
      ...(mode === 'production' ? precompressPlugins() : []),
    ],
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    performance: { hints: false },
  };
};
