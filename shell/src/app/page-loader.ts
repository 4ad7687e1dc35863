import type { ComponentType } from 'react';
import type { RemotePageProps } from '@sumika/shell-kit';
import type { RemoteName } from '../routes.js';

export type RemotePageComponent = ComponentType<RemotePageProps>;

/**
 * Loads exposed pages: the server's loader reads the remotes' Node builds, the browser's their
 * browser builds. `peek` answers synchronously for a page already loaded (hydration must not suspend).
 */
export interface PageLoader {
  load: (remote: RemoteName, expose: string) => Promise<RemotePageComponent>;
  peek: (remote: RemoteName, expose: string) => RemotePageComponent | undefined;
  /** The loaded module itself (its other exports, e.g. `pageQueries`), once `load` has answered. */
  peekModule: (remote: RemoteName, expose: string) => unknown;
  /** Forget a failed load so a retry tries again. */
  forget: (remote: RemoteName, expose: string) => void;
}

/** An exposed module's page component: its default export. */
export function pageComponentOf(mod: unknown): RemotePageComponent {
  const candidate = (mod as { default?: unknown } | null)?.default ?? mod;
  if (typeof candidate !== 'function' && !(typeof candidate === 'object' && candidate !== null && '$$typeof' in candidate)) {
    throw new Error('the exposed module has no default-exported page component');
  }
  return candidate as RemotePageComponent;
}

/** A loader over any `load(remote, expose)` with a per-page cache (failures included, until `forget`). */
export function cachingLoader(load: (remote: RemoteName, expose: string) => Promise<unknown>): PageLoader {
  /** Loaded: the page component and the module it came from. */
  const done = new Map<string, [RemotePageComponent, unknown]>();
  const pending = new Map<string, Promise<RemotePageComponent>>();
  const key = (remote: RemoteName, expose: string) => `${remote}/${expose}`;
  return {
    peek: (remote, expose) => done.get(key(remote, expose))?.[0],
    peekModule: (remote, expose) => done.get(key(remote, expose))?.[1],
    forget: (remote, expose) => {
      done.delete(key(remote, expose));
      pending.delete(key(remote, expose));
    },
    load: (remote, expose) => {
      const k = key(remote, expose);
      const hit = done.get(k);
      if (hit) return Promise.resolve(hit[0]);
      let p = pending.get(k);
      if (!p) {
        p = load(remote, expose).then((mod) => {
          const component = pageComponentOf(mod);
          done.set(k, [component, mod]);
          pending.delete(k);
          return component;
        });
        // A failed load stays failed until `forget` (the error box's retry): rendering again must not
        // start a new load each time React retries the suspended page.
        p.catch(() => undefined);
        pending.set(k, p);
      }
      return p;
    },
  };
}
