import { HEADING_LATER, type RemotePageMeta } from '@sumika/shell-kit';
import { PageRuntime } from '../../app/page-runtime.js';

/**
 * How the layout's breadcrumbs and heading, which render before the page, get the page's meta:
 * - `later`: the one synchronous render (renderToString) cannot wait, so the heading's place is marked
 *   and the heading is rendered again after the page, for the server to move into that place;
 * - `awaited`: through a promise that settles when the page has rendered (the stream and the data pass wait for it).
 */
export type HeadingMode = 'later' | 'awaited';

/**
 * The page runtime of the server's render: the layout renders before the page, so its breadcrumbs
 * and heading read the meta as `heading` says (ShellApp renders a marker after the page). Lives on
 * the server only, out of the browser bundle.
 */
export class ServerPageRuntime extends PageRuntime {
  constructor(heading: HeadingMode = 'awaited') {
    super();
    if (heading === 'later') {
      let rendered = false;
      // A render after the page's (the runtime kept for the page as decided) reads the meta in place.
      let marked = false;
      this.readHeading = () => {
        if (rendered) return this.meta;
        marked = true;
        return HEADING_LATER;
      };
      this.readHeadingLater = () => {
        if (!marked || !rendered) return undefined;
        marked = false;
        return this.meta;
      };
      this.pageRendered = () => {
        rendered = true;
      };
      return;
    }
    let resolve = () => {};
    const promise = new Promise<RemotePageMeta>((r) => (resolve = () => r(this.meta)));
    let pageDone: { promise: Promise<RemotePageMeta>; resolve: () => void } | undefined = { promise, resolve };
    this.readHeading = () => pageDone?.promise ?? this.meta;
    this.pageRendered = () => {
      const done = pageDone;
      pageDone = undefined;
      done?.resolve();
    };
  }
}
