import type { ReactNode } from 'react';
import type { HeadingView, RemotePageMeta } from '@sumika/shell-kit';

/**
 * What the current page declares while rendering: meta, breadcrumbs and a status. On the server it
 * is read after the data pass; in the browser the layout subscribes to it (changes are published in
 * a microtask, never during another component's render).
 */
export class PageRuntime {
  protected meta: RemotePageMeta;
  private status: number | undefined;
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  /**
   * Server only (ServerPageRuntime, kept out of the browser bundle): the layout's breadcrumbs and
   * heading read the page's meta through this, and ShellApp renders `afterPage` right after the page.
   */
  declare readHeading?: (view: HeadingView, origin: string | null) => RemotePageMeta | Promise<RemotePageMeta> | null;
  /** Rendered right after the page: it learns that the page has rendered, and may render the heading there for the server to move into its place. */
  declare afterPage?: ReactNode;

  constructor(initial: { meta?: RemotePageMeta; status?: number } = {}) {
    this.meta = initial.meta ?? {};
    this.status = initial.status;
  }

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
