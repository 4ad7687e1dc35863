// webpack loader for the shell's browser build: replaces @module-federation/runtime-core's
// plugins/snapshot/SnapshotHandler.js (~1.9 KB gzip with the SDK's manifest-to-snapshot code) by a
// stand-in. The browser registers every remote by its remoteEntry.js URL, never by a manifest
// (`disableSnapshot`), so nothing loads a remote snapshot; the runtime still constructs a handler
// (its hooks, its manifest cache) and removeRemote() reads the host's snapshot, which stays empty.
// The stand-in is emitted in the original file's place, so its relative imports are the runtime's
// own modules. A runtime whose SnapshotHandler.js exports something else fails the build: review
// this file against the new one before upgrading.
const EXPECTED_EXPORTS = 'export { SnapshotHandler, getGlobalRemoteInfo };';

const LITE = `import { getGlobalSnapshot, getGlobalSnapshotInfoByModuleInfo, getInfoWithoutType } from "../../global.js";
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
  async loadRemoteSnapshotInfo({ moduleInfo }) {
    throw new Error("[shell] remote snapshots are not built into the browser runtime (" + moduleInfo.name + "): register remotes by their remoteEntry.js URL");
  }
};

export { SnapshotHandler, getGlobalRemoteInfo };
`;

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function snapshotHandlerLite(source) {
  if (!source.includes(EXPECTED_EXPORTS)) {
    throw new Error(`snapshot-handler-lite: ${this.resourcePath} no longer ends with "${EXPECTED_EXPORTS}"; review shell/build/snapshot-handler-lite.cjs against it`);
  }
  return LITE;
};

module.exports.test = /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/;
