// A runtime plugin of the shell (host): hands the host's own federation runtime to the remotes, whose
// client builds leave it out (`externalRuntime`) and read it from the global `_FEDERATION_RUNTIME_CORE`.
// It replaces `experiments.provideExternalRuntime`, whose plugin is injected as CommonJS and so
// bundles a second, CommonJS copy of the runtime beside the host's ESM one (+22 KB gzip).
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideFederationRuntime() {
  return {
    name: 'sumika-provide-federation-runtime',
    beforeInit(args) {
      const globalRef = runtimeCore.Global;
      if (globalRef && typeof globalRef === 'object' && !globalRef._FEDERATION_RUNTIME_CORE) {
        globalRef._FEDERATION_RUNTIME_CORE = runtimeCore;
        globalRef._FEDERATION_RUNTIME_CORE_FROM = { name: args.options.name, version: 'host' };
      }
      return args;
    },
  };
}
