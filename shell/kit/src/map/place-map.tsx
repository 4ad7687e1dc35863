/**
 * A place map (the listing's, the building's): in a box of fixed aspect (nothing shifts), the static
 * SVG picture of the base layer around the place, rendered on the server; once the box comes near
 * the viewport, the Leaflet map replaces it. The base data (~740 KB of JSON) and Leaflet are lazy
 * chunks: in the browser, the picture's chunk is asked for only then too (until it arrives React keeps
 * the server's picture: a dehydrated Suspense boundary), so a page's first view never loads them.
 */
import './map.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { PlaceMapController } from './place-leaflet.js';
import type { PlaceView } from './place-types.js';

export interface PlaceMapProps extends PlaceView {
  /** The shell's `config.mapTileUrl` / `mapTileAttribution`: external tiles instead of the site's own base layer. */
  tileUrl?: string | null | undefined;
  tileAttribution?: string | null | undefined;
}

/** How far below the viewport the map starts loading. */
const NEAR_VIEWPORT = '300px 0px';

/**
 * Opened when a map nears the viewport (at once on the server, whose render waits for the picture,
 * and where IntersectionObserver is missing: the picture then stays the map).
 */
let openGate: () => void = () => undefined;
const gate: Promise<void> =
  typeof window === 'undefined'
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        openGate = resolve;
      });

const Picture = lazy(() => gate.then(() => import('./place-picture.js')));

export function PlaceMap({ tileUrl, tileAttribution, ...view }: PlaceMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // The first view only: the map is built once.
  const initial = useRef({ ...view, tileUrl, tileAttribution });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      openGate();
      return;
    }
    let cancelled = false;
    let controller: PlaceMapController | null = null;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        openGate();
        import('./place-leaflet.js')
          .then(({ createPlaceMap }) => {
            if (cancelled || !canvas.current) return;
            controller = createPlaceMap(canvas.current, initial.current);
            setReady(true);
          })
          .catch((err: unknown) => console.error('[kit] the map failed to load', err)); // the picture stays
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
      controller?.destroy();
    };
  }, []);

  return (
    <div ref={box} className="sk-map" data-ready={ready ? 'true' : undefined}>
      <div ref={canvas} className="sk-map__canvas" />
      {!ready && (
        <Suspense fallback={null}>
          <Picture {...view} />
        </Suspense>
      )}
    </div>
  );
}
