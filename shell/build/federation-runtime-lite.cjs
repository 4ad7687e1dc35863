// webpack loader for the shell's browser build: stand-ins for two modules of
// @module-federation/runtime-core that the browser never runs (~2.6 KB gzip with the SDK's
// manifest-to-snapshot code). The browser registers every remote by its remoteEntry.js URL, never by
// a manifest (`disableSnapshot`), and nothing calls preloadRemote():
// - plugins/snapshot/SnapshotHandler.js: the runtime still constructs a handler (its hooks, its
//   manifest cache) and removeRemote() reads the host's snapshot, which stays empty; loading a remote
//   snapshot throws.
// - utils/preload.js: preloadRemote() and the snapshot plugin's asset preloading throw.
// A stand-in is emitted in the original file's place, so its relative imports are the runtime's own
// modules. A runtime whose module exports something else fails the build: review the stand-in against
// the new module before upgrading.

const NOT_BUILT = (what) => `throw new Error("[shell] ${what} is not built into the browser's federation runtime: remotes are registered by their remoteEntry.js URL");`;

const STAND_INS = [
  {
    file: /[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/,
    exports: 'export { SnapshotHandler, getGlobalRemoteInfo };',
    source: `import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from "../../global.js";
import { PluginSystem } from "../../utils/hooks/pluginSystem.js";

function getGlobalRemoteInfo(moduleInfo, origin) {
  const hostGlobalSnapshot = getGlobalSnapshotInfoByModuleInfo({ name: origin.name, version: origin.options.version });
  const globalRemoteInfo = hostGlobalSnapshot && "remotesInfo" in hostGlobalSnapshot && hostGlobalSnapshot.remotesInfo && getInfoWithoutType(hostGlobalSnapshot.remotesInfo, moduleInfo.name).value;
  if (globalRemoteInfo && globalRemoteInfo.matchedVersion) return { hostGlobalSnapshot, globalSnapshot: getGlobalSnapshot(), remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: globalRemoteInfo.matchedVersion }) };
  return { hostGlobalSnapshot: void 0, globalSnapshot: getGlobalSnapshot(), remoteSnapshot: getGlobalSnapshotInfoByModuleInfo({ name: moduleInfo.name, version: "version" in moduleInfo ? moduleInfo.version : void 0 }) };
}

var SnapshotHandler = class {
  constructor(HostInstance) {
    this.loadingHostSnapshot = null;
    this.manifestCache = new Map();
    this.hooks = new PluginSystem({});
    this.HostInstance = HostInstance;
    this.loaderHook = HostInstance.loaderHook;
  }
  async loadRemoteSnapshotInfo() {
    ${NOT_BUILT('loading a remote snapshot')}
  }
};

export { SnapshotHandler, getGlobalRemoteInfo };
`,
  },
  {
    file: /[\\/]utils[\\/]preload\.js$/,
    exports: 'export { defaultPreloadArgs, formatPreloadArgs, normalizePreloadExposes, preloadAssets };',
    source: `function notBuilt() {
  ${NOT_BUILT('preloadRemote()')}
}
const defaultPreloadArgs = notBuilt;
const formatPreloadArgs = notBuilt;
const normalizePreloadExposes = notBuilt;
const preloadAssets = notBuilt;

export { defaultPreloadArgs, formatPreloadArgs, normalizePreloadExposes, preloadAssets };
`,
  },
];

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function federationRuntimeLite(source) {
  const standIn = STAND_INS.find((s) => s.file.test(this.resourcePath));
  if (!standIn) throw new Error(`federation-runtime-lite: no stand-in for ${this.resourcePath}`);
  if (!source.includes(standIn.exports)) {
    throw new Error(`federation-runtime-lite: ${this.resourcePath} no longer ends with "${standIn.exports}"; review shell/build/federation-runtime-lite.cjs against it`);
  }
  return standIn.source;
};

/** The modules the loader replaces (webpack rule `test`). */
module.exports.test = /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/](plugins[\\/]snapshot[\\/]SnapshotHandler|utils[\\/]preload)\.js$/;
module.exports.STAND_INS = STAND_INS;
