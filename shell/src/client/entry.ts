// The browser entry. The host's shared singletons (React, the router, Apollo, the kit) are eager
// (build/federation-shared.js): they are in this build's initial chunks and registered in the share
// scope before anything runs, so no async boundary is needed before the bootstrap; remotes loaded
// later get the host's instances.
// The kit's stylesheet, then the shell's: one content-hashed CSS file the SSR document links.
import '@sumika/shell-kit/styles.css';
import '../chrome/shell.css';

/** Lets the browser run (paint, input, arriving responses) before the next step. */
const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The modules are evaluated in three tasks instead of one: the webpack and federation runtimes, then
 * the kit (with React, Apollo, graphql and the router), then React DOM and the shell's app, which
 * starts. Evaluated at once they are the main script's long task on a mobile CPU. `webpackMode:
 * "eager"` keeps them in this build's initial chunks (no extra chunk or request): only their
 * evaluation waits.
 */
async function boot(): Promise<void> {
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ '@sumika/shell-kit');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './bootstrap.js');
}

boot().catch((err: unknown) => console.error('[shell] failed to start', err));
