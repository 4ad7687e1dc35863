// The browser entry. The host's shared singletons (React, the router, Apollo, the kit) are eager
// (build/federation-shared.js): they are in this build's initial chunks and registered in the share
// scope before anything runs, so no async boundary is needed before the bootstrap; remotes loaded
// later get the host's instances.
// The kit's stylesheet, then the shell's: one content-hashed CSS file the SSR document links.
import '@sumika/shell-kit/styles.css';
import '../chrome/shell.css';
import './bootstrap.js';
