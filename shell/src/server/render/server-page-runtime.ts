import type { RemotePageMeta } from '@sumika/shell-kit';
import { PageRuntime } from '../../app/page-runtime.js';

/**
 * The page runtime of the server's one render: the layout renders before the page, so its
 * breadcrumbs and heading read the meta through a promise that settles when the page has rendered
 * (ShellApp renders a marker after the page). Lives on the server only, out of the browser bundle.
 */
export class ServerPageRuntime extends PageRuntime {
  private pageDone: { promise: Promise<RemotePageMeta>; resolve: () => void } | undefined;

  constructor() {
    super();
    let resolve = () => {};
    const promise = new Promise<RemotePageMeta>((r) => (resolve = () => r(this.meta)));
    this.pageDone = { promise, resolve };
    this.readHeading = () => this.pageDone?.promise ?? this.meta;
    this.pageRendered = () => {
      const done = this.pageDone;
      this.pageDone = undefined;
      done?.resolve();
    };
  }
}
