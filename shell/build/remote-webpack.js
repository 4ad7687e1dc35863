// webpack configs of a Module Federation remote: a browser build (dist/client) and a Node build
// (dist/server, commonjs-module, async-node), each with its mf-manifest.json. One factory for the four
// remotes so they build the same way; each remote keeps its own module-federation.config.js.
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import webpack from 'webpack';
import { apolloEntries, KIT_PACKAGE, kitEntry, sharedFor } from './federation-shared.js';

// The CommonJS builds: the ESM build of @module-federation/node cannot resolve its own runtime plugin.
const require = createRequire(import.meta.url);
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { UniversalFederationPlugin } = require('@module-federation/node');
const CompressionPlugin = require('compression-webpack-plugin');
const federationRuntimeLitePath = require.resolve('./federation-runtime-lite.cjs');
const federationRuntimeLite = require(federationRuntimeLitePath);

/**
 * Stamps the build's hash into mf-manifest.json (metaData.buildInfo.buildHash): the shell compares
 * manifests to notice a redeployed remote, and a Node build's manifest would otherwise be identical
 * from build to build (one unhashed remoteEntry.js).
 */
const manifestWithBuildHash = {
  additionalData: ({ stats, compilation }) => {
    stats.metaData.buildInfo = { ...stats.metaData.buildInfo, buildHash: compilation.fullHash ?? compilation.hash };
    return stats;
  },
};

/**
 * .br and .gz beside every browser script, stylesheet and JSON of 1 KB or more (issue 15): the static
 * servers send the sibling a browser accepts, so nothing is compressed per request. Brotli at its
 * best quality (build time only); a file that compresses by less than 20% keeps no sibling.
 * @returns {import('webpack').WebpackPluginInstance[]}
 */
export function precompressPlugins() {
  const common = { test: /\.(js|css|json)$/, threshold: 1024, minRatio: 0.8 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

/**
 * TypeScript through esbuild-loader; JSX with the automatic runtime; gql`…` documents parsed at
 * build time (gql-loader.cjs runs first, on the TypeScript source). Documents stay the AST's JSON: a
 * compact encoding decoded at run time was measured heavier (top page +0.6 KB gzip): its decoder,
 * copied into every chunk with documents, outweighed what the 1–7 small documents of a chunk saved.
 */
export function scriptRules(target) {
  return [
    {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: [{ loader: 'esbuild-loader', options: { loader: 'tsx', target, jsx: 'automatic' } }, { loader: require.resolve('./gql-loader.cjs') }],
    },
  ];
}

/** The compact printer that stands in for graphql's in browser builds (see gql-print.js). */
export const browserPrinter = require.resolve('./gql-print.js');

/**
 * Plugins of every browser (client) build: graphql's printer, which Apollo calls to send each
 * document, is replaced by the compact one (gql-print.js): −1.9 KB gzip on the shell's main.js.
 * Server builds keep graphql's. The shell's client config adds these too (shell/webpack.config.js).
 */
export function browserPlugins() {
  return [new webpack.NormalModuleReplacementPlugin(/[\\/]graphql[\\/]language[\\/]printer\.m?js$/, browserPrinter)];
}

/**
 * The module rules of every browser (client) build: the scripts, and stand-ins for the parts of the
 * federation runtime a browser never runs or needs lighter (federation-runtime-lite.cjs).
 */
export function browserRules() {
  // ES2022 syntax as written (class fields are not rewritten into defineProperty helper calls:
  // ~0.3 KB gzip on the top page); every browser since Safari 15.4 / Chrome 94 runs it.
  return [...scriptRules('es2022'), { test: federationRuntimeLite.test, use: [federationRuntimeLitePath] }, cssRule];
}

/**
 * Stylesheets are CSS files (issue 14). Browser builds use webpack's own CSS support: each emits
 * content-hashed .css files that its runtime loads with the chunks that import them (a page's code
 * runs once its CSS is in), and the SSR document links them. Plain CSS: class names stay global.
 */
const cssRule = { test: /\.css$/i, type: 'css' };
/** What a browser build adds for CSS: webpack's experiment, hashed file names. */
export const browserCss = {
  experiments: { css: true },
  output: { cssFilename: '[name].[contenthash:8].css', cssChunkFilename: '[name].[contenthash:8].css' },
};
/** Server builds render class names only: a stylesheet import there is inert text. */
const serverCssRule = { test: /\.css$/i, type: 'asset/source' };

export function resolveOptions() {
  return {
    extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
    // NodeNext sources import './x.js' for './x.ts'.
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    // rxjs (Apollo's) ships ES5 under `default` and ES2015 under `es2015`: the latter is ~2 KB gzip
    // smaller. '...' keeps webpack's defaults (production/development, browser/node, import).
    conditionNames: ['es2015', '...'],
    alias: {
      [`${KIT_PACKAGE}$`]: kitEntry,
      '@apollo/client-full$': apolloEntries.core,
      '@apollo/client-full/react$': apolloEntries.react,
    },
  };
}

/**
 * @param {{ dir: string, federation: { name: string, exposes: Record<string,string> }, mode?: 'production'|'development', standalone?: boolean, outDir?: string }} opts
 *   outDir: where client/ and server/ go (default <dir>/dist; the dev server uses dist/dev so a
 *   development build never stands in for the production one `npm start` serves)
 * @returns {import('webpack').Configuration[]}
 */
/**
 * Browser builds (the shell's and every remote's): ES2020 output (webpack's runtime and module
 * wrappers too; every browser the site supports runs it) and terser told that reading a property has
 * no side effect (no getter here or in React/Apollo does work a dropped read would skip), in three
 * passes. −0.6 KB gzip on the top page's scripts against webpack's defaults (issue 15's JS budget).
 */
export const browserTarget = ['web', 'es2020'];
export const browserMinimizeOptions = { javascript: { ecma: 2020, compress: { ecma: 2020, passes: 3, pure_getters: true } } };

export function remoteConfigs({ dir, federation, mode = 'production', standalone = false, outDir = path.join(dir, 'dist') }) {
  const shared = sharedFor(dir);
  const common = {
    mode,
    context: dir,
    devtool: mode === 'production' ? false : 'source-map',
    resolve: resolveOptions(),
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    performance: { hints: false },
  };

  const client = {
    ...common,
    name: `${federation.name}:client`,
    target: browserTarget,
    // The container entry comes from ModuleFederationPlugin; the standalone page only in dev.
    entry: standalone ? { standalone: path.join(path.dirname(new URL(import.meta.url).pathname), 'standalone', 'entry.ts') } : {},
    output: {
      path: path.join(outDir, 'client'),
      publicPath: 'auto',
      uniqueName: federation.name,
      // The standalone entry cannot have a hash in its name (see shell/webpack.config.js).
      filename: standalone ? '[name].js' : '[name].[contenthash:8].js',
      // Six hex digits: the name (the chunk id) already makes the file unique, the hash only busts
      // caches; every async chunk's hash is in remoteEntry.js, which the first view loads (decision 011).
      chunkFilename: '[name].[contenthash:6].js',
      // Assets a module asks for by URL (new URL('./x.json', import.meta.url), a stylesheet's images):
      // content-hashed like the scripts, so they are served immutable too.
      assetModuleFilename: '[name].[contenthash:8][ext]',
      ...browserCss.output,
      clean: true,
    },
    experiments: browserCss.experiments,
    module: { rules: browserRules() },
    // The remote's stylesheet in one file of its own, whichever pages import it: one URL to link
    // and to cache, whatever page the visitor lands on.
    optimization: {
      minimizeOptions: browserMinimizeOptions,
      splitChunks: { cacheGroups: { styles: { name: 'styles', type: 'css', chunks: 'async', enforce: true } } },
    },
    plugins: [
      ...browserPlugins(),
      new ModuleFederationPlugin({
        name: federation.name,
        filename: 'remoteEntry.js',
        exposes: federation.exposes,
        shared,
        shareStrategy: 'loaded-first',
        manifest: manifestWithBuildHash,
        dts: false,
        // A remote loads no other remote: its runtime needs no remote-loading or snapshot code. Its
        // client build takes the federation runtime from the shell (shell/build/provide-federation-runtime.js)
        // instead of bundling a copy (−10.7 KB gzip per remote entry); standalone it keeps its own.
        experiments: { externalRuntime: !standalone, optimization: { target: 'web', disableSnapshot: true, ...(standalone ? {} : { disableRemote: true }) } },
      }),
      ...(mode === 'production' ? precompressPlugins() : []),
    ],
  };

  const server = {
    ...common,
    name: `${federation.name}:server`,
    target: 'async-node',
    entry: {},
    output: {
      path: path.join(outDir, 'server'),
      publicPath: 'auto',
      uniqueName: `${federation.name}_server`,
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    // import() stays in the one file (no chunk): page code that splits for browsers (the kit's
    // dialogs, a remote's stylesheet text) needs no chunk loading on the server, and merging named
    // chunks afterwards could leave the manifest plugin without the container's chunk.
    module: { rules: [...scriptRules('node20'), serverCssRule], parser: { javascript: { dynamicImportMode: 'eager' } } },
    externalsPresets: { node: true },
    // No split chunks either: a module two exposed pages share (the condition panel, on the results
    // and the map pages) would become a chunk of its own, and merging it back could drop the container's.
    optimization: { minimize: false, splitChunks: false },
    plugins: [
      new UniversalFederationPlugin(
        {
          name: federation.name,
          filename: 'remoteEntry.js',
          library: { type: 'commonjs-module' },
          exposes: federation.exposes,
          shared,
          shareStrategy: 'loaded-first',
          isServer: true,
          useRuntimePlugin: true,
          manifest: manifestWithBuildHash,
          dts: false,
        },
        {},
      ),
      // One file: the shell server loads exactly one script per build (remoteEntry.js?v=<hash>).
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
  };
  return [client, server];
}
