import type { RemotePageMeta } from '@sumika/shell-kit';

/**
 * What the current page declares while rendering: meta, breadcrumbs and a status. On the server it
 * is read after the data pass; in the browser the layout subscribes to it (changes are published in
 * a microtask, never during another component's render).
 */
export class PageRuntime {
  private meta: RemotePageMeta;
  private status: number | undefined;
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  /** Until the page has rendered (server, `awaitPage`): the layout's heading waits for the meta on it. */
  private pageDone: { promise: Promise<RemotePageMeta>; resolve: () => void } | undefined;

  constructor(initial: { meta?: RemotePageMeta; status?: number; awaitPage?: boolean } = {}) {
    this.meta = initial.meta ?? {};
    this.status = initial.status;
    if (initial.awaitPage) {
      let resolve = () => {};
      const promise = new Promise<RemotePageMeta>((r) => (resolve = () => r(this.meta)));
      this.pageDone = { promise, resolve };
    }
  }

  /** True while the server's render has not reached the end of the page yet. */
  readonly awaitsPage = (): boolean => this.pageDone !== undefined;

  /** The page has rendered (its meta is declared): the heading waiting for it renders. */
  readonly pageRendered = (): void => {
    const done = this.pageDone;
    this.pageDone = undefined;
    done?.resolve();
  };

  /**
   * The meta for the layout's breadcrumbs and heading: the page renders after the layout, so in the
   * server's one render this is a promise until the page has rendered.
   */
  readonly readHeading = (): RemotePageMeta | Promise<RemotePageMeta> => this.pageDone?.promise ?? this.meta;

  readonly setMeta = (meta: RemotePageMeta): void => {
    if (JSON.stringify(meta) === JSON.stringify(this.meta)) return;
    this.meta = meta;
    this.publish();
  };

  readonly setStatus = (status: number): void => {
    if (status === this.status) return;
    this.status = status;
    this.publish();
  };

  readonly getMeta = (): RemotePageMeta => this.meta;
  readonly getStatus = (): number | undefined => this.status;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A new page (client navigation): forget the previous page's meta and status. */
  reset(): void {
    this.meta = {};
    this.status = undefined;
  }

  private publish(): void {
    if (this.scheduled || this.listeners.size === 0) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      for (const l of this.listeners) l();
    });
  }
}
