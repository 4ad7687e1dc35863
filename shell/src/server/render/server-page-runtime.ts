import { createElement, type ReactNode } from 'react';
import type { HeadingView, RemotePageMeta } from '@sumika/shell-kit';
import { LayoutHeading } from '@sumika/shell-kit/chrome/layout';
import { PageRuntime } from '../../app/page-runtime.js';

/**
 * How the layout's breadcrumbs and heading, which render before the page, get the page's meta:
 * - `later`: the one synchronous render (renderToString) cannot wait, so the layout marks the heading's
 *   place (`readHeading` answers null) and the heading is rendered right after the page, marked, for
 *   the server to move into that place (complete-render.ts, placeHeading);
 * - `awaited`: through a promise that settles when the page has rendered (the stream and the data pass wait for it).
 */
export type HeadingMode = 'later' | 'awaited';

/** The attribute of the heading's markup rendered after the page (the layout marks its place with an empty template). */
export const HEADING_MARKUP_ATTRIBUTE = 'data-sk-heading-markup';

/** Rendered right after the page (ShellApp's `afterPage`): tells the runtime, and renders what it answers. */
function PageEnd({ done }: { done: () => ReactNode }): ReactNode {
  return done();
}

/**
 * The page runtime of the server's render: the layout renders before the page, so its breadcrumbs
 * and heading read the meta as `heading` says (ShellApp renders `afterPage` after the page). Lives on
 * the server only, out of the browser bundle.
 */
export class ServerPageRuntime extends PageRuntime {
  constructor(heading: HeadingMode = 'awaited') {
    super();
    if (heading === 'later') {
      let rendered = false;
      // Where the layout marked the heading's place in this render; a render after the page's (the
      // runtime kept for the page as decided) reads the meta in place.
      let marked: { view: HeadingView; origin: string | null } | undefined;
      this.readHeading = (view, origin) => {
        if (rendered) return this.meta;
        marked = { view, origin };
        return null;
      };
      this.afterPage = createElement(PageEnd, {
        done: () => {
          rendered = true;
          const at = marked;
          marked = undefined;
          return at ? createElement('template', { [HEADING_MARKUP_ATTRIBUTE]: '' }, createElement(LayoutHeading, { data: this.meta, ...at })) : null;
        },
      });
      return;
    }
    let resolve = () => {};
    const promise = new Promise<RemotePageMeta>((r) => (resolve = () => r(this.meta)));
    let pageDone: { promise: Promise<RemotePageMeta>; resolve: () => void } | undefined = { promise, resolve };
    this.readHeading = () => pageDone?.promise ?? this.meta;
    this.afterPage = createElement(PageEnd, {
      done: () => {
        const done = pageDone;
        pageDone = undefined;
        done?.resolve();
        return null;
      },
    });
  }
}
