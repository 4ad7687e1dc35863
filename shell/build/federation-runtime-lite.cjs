// webpack loader for the browser builds (the shell's and the remotes'): stand-ins for modules of the
// federation runtime that the browser never runs or that are heavier than a browser needs (~3.5 KB
// gzip on the top page). The browser registers every remote by its remoteEntry.js URL, never by a
// manifest (`disableSnapshot`), and nothing calls preloadRemote():
// - plugins/snapshot/SnapshotHandler.js: the runtime still constructs a handler (its hooks, its
//   manifest cache) and removeRemote() reads the host's snapshot, which stays empty; loading a remote
//   snapshot throws.
// - utils/preload.js: preloadRemote() and the snapshot plugin's asset preloading throw.
// - error-codes' desc.mjs: an error keeps its code and the link to the code's documentation, not the
//   English sentence for each code.
// - the SDK's logger.js: the console with the runtime's prefix.
// A stand-in is emitted in the original file's place, so its relative imports are the runtime's own
// modules. A runtime whose module exports something else fails the build: review the stand-in against
// the new module before upgrading.

const NOT_BUILT = (what) =>
  `throw new Error("[shell] ${what} is not built into the browser's federation runtime: remotes are registered by their remoteEntry.js URL");`;

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
  {
    file: /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.mjs$/,
    exports: 'export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };',
    // Every code's sentence: an error still says its code and links to the code's documentation.
    source: `const described = new Proxy({}, { get: (_, code) => (typeof code === "string" ? "Module Federation error" : undefined) });
const buildDescMap = described;
const errorDescMap = described;
const runtimeDescMap = described;
const typeDescMap = described;

export { buildDescMap, errorDescMap, runtimeDescMap, typeDescMap };
`,
  },
  {
    file: /[\\/]@module-federation[\\/]sdk[\\/]dist[\\/]logger\.js$/,
    exports: 'export { bindLoggerToCompiler, createInfrastructureLogger, createLogger, infrastructureLogger, logger };',
    // The console with the runtime's prefix (no stack capture, no delegate fallbacks, no compiler binding).
    source: `import { isDebugMode } from "./env.js";

const PREFIX = "[ Module Federation ]";
var Logger = class {
  constructor(prefix, delegate) {
    this.prefix = prefix;
    this.delegate = delegate || console;
  }
  setPrefix(prefix) {
    this.prefix = prefix;
  }
  setDelegate(delegate) {
    this.delegate = delegate || console;
  }
  log(...args) {
    this.delegate.log(this.prefix, ...args);
  }
  info(...args) {
    this.delegate.info(this.prefix, ...args);
  }
  success(...args) {
    this.info(...args);
  }
  ready(...args) {
    this.info(...args);
  }
  warn(...args) {
    this.delegate.warn(this.prefix, ...args);
  }
  error(...args) {
    this.delegate.error(this.prefix, ...args);
  }
  debug(...args) {
    if (isDebugMode()) this.delegate.debug(this.prefix, ...args);
  }
};
const createLogger = (prefix) => new Logger(prefix);
const createInfrastructureLogger = createLogger;
const bindLoggerToCompiler = () => undefined;
const logger = createLogger(PREFIX);
const infrastructureLogger = createLogger(PREFIX);

export { bindLoggerToCompiler, createInfrastructureLogger, createLogger, infrastructureLogger, logger };
`,
  },
];

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function federationRuntimeLite(source) {
  const standIn = STAND_INS.find((s) => s.file.test(this.resourcePath));
  if (!standIn) throw new Error(`federation-runtime-lite: no stand-in for ${this.resourcePath}`);
  if (!source.includes(standIn.exports)) {
    throw new Error(
      `federation-runtime-lite: ${this.resourcePath} no longer ends with "${standIn.exports}"; review shell/build/federation-runtime-lite.cjs against it`,
    );
  }
  return standIn.source;
};

/** The modules the loader replaces (webpack rule `test`). */
module.exports.test = {
  or: [
    /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/](plugins[\\/]snapshot[\\/]SnapshotHandler|utils[\\/]preload)\.js$/,
    /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.mjs$/,
    /[\\/]@module-federation[\\/]sdk[\\/]dist[\\/]logger\.js$/,
  ],
};
module.exports.STAND_INS = STAND_INS;
