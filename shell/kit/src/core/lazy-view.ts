import { lazy, type ComponentType } from 'react';

/**
 * A component from a lazy chunk (React.lazy) that renders nothing when the chunk fails to load,
 * logging why, instead of throwing to the page's error boundary: for dialogs and popups, whose
 * action works without them.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>, what: string) {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      (err: unknown) => {
        console.error(`[kit] ${what} failed to load`, err);
        return { default: () => null };
      },
    ),
  );
}
