import { use, useState } from 'react';

/** Loads a remote's stylesheet text: a dynamic import of the module that holds it. */
export type StylesLoader = () => Promise<string>;

export interface RemoteStylesProps {
  /** The stylesheet's name, unique per remote ('mf-search'): React deduplicates styles by it. */
  href: string;
  load: StylesLoader;
}

interface Loaded {
  promise: Promise<string>;
  css?: string;
}

// Per loader, so a redeployed remote (a new module, a new loader) brings its new stylesheet.
const loaded = new WeakMap<StylesLoader, Loaded>();

function loadOnce(load: StylesLoader): Loaded {
  let entry = loaded.get(load);
  if (!entry) {
    const e: Loaded = {
      promise: load().then((css) => {
        e.css = css;
        return css;
      }),
    };
    loaded.set(load, e);
    entry = e;
  }
  return entry;
}

const HREF = /^[a-z0-9-]+$/;

/** The stylesheet `href` is in the document: rendered by the server, or inserted by React before. */
function inDocument(href: string): boolean {
  return typeof document !== 'undefined' && document.querySelector(`style[data-href="${href}"]`) !== null;
}

/**
 * A remote's stylesheet as a `<style href precedence>` that React hoists into <head> and deduplicates.
 * The server always renders it (the page arrives styled). The browser needs the text only when it
 * navigates to a remote whose stylesheet the page does not have yet, so the text lives in a lazy
 * chunk (`load`) instead of in every page's JavaScript: on a page the server rendered it is already
 * in <head>, and this renders nothing (hoisted styles take no part in hydration). While the text
 * loads after a client-side navigation the page suspends, so it never shows unstyled.
 */
export function RemoteStyles({ href, load }: RemoteStylesProps) {
  if (!HREF.test(href)) throw new Error(`RemoteStyles: bad href ${JSON.stringify(href)}`);
  // Decided once per mount: React keeps a hoisted style after the component that rendered it unmounts.
  const [present] = useState(() => inDocument(href));
  if (present) return null;
  const entry = loadOnce(load);
  const css = entry.css ?? use(entry.promise);
  return (
    <style href={href} precedence="default">
      {css}
    </style>
  );
}
