// The shell is the host: no remotes at build time (they are registered at run time from the
// server's configuration); it provides the shared singletons.
export default {
  name: 'sumika_shell',
  remotes: {},
  shareStrategy: 'loaded-first',
};
