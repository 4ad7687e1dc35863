// `npm run base-map -w mf-search`: writes the map's self-served base layer into shell/kit/src/map/base/:
// japan.json, Japan's coastline (Natural Earth 1:10m, from world-atlas) and every railway line as a
// polyline through its stations in order, and stations.json, each station's name and position (both
// from japan-train-data, the seed's source), loaded only once the map is zoomed in far enough.
// Deterministic: the same packages give the same files (a test checks the committed ones are current).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const dir = path.dirname(fileURLToPath(import.meta.url));
// The base layer's home is the shell kit's map stack (shared by mf-search and mf-detail).
export const OUT_DIR = path.join(dir, '..', '..', 'shell', 'kit', 'src', 'map', 'base');

/** Coordinates to 4 decimals (about 10 m): enough for a base layer, half the bytes. */
const r4 = (n) => Math.round(n * 1e4) / 1e4;
/** Japan's ISO 3166-1 numeric code, the id world-atlas gives each country. */
const JAPAN = '392';

export function buildBaseMap() {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
  const countries = feature(topology, topology.objects.countries);
  const japan = countries.features.find((f) => String(f.id) === JAPAN);
  if (!japan) throw new Error('world-atlas has no Japan (id 392)');
  const polygons = japan.geometry.type === 'Polygon' ? [japan.geometry.coordinates] : japan.geometry.coordinates;
  // Outer rings only (Japan's polygons have no lakes at this scale), as [lng, lat] pairs.
  const coast = polygons.map((rings) => rings[0].map(([lng, lat]) => [r4(lng), r4(lat)]));

  const { lines } = require('japan-train-data');
  const railways = [];
  const stations = new Map();
  for (const line of [...lines].sort((a, b) => a.id - b.id)) {
    const coords = [];
    for (const s of line.stations) {
      const at = [r4(s.location.lng), r4(s.location.lat)];
      const last = coords[coords.length - 1];
      if (!last || last[0] !== at[0] || last[1] !== at[1]) coords.push(at);
      if (!stations.has(s.gid)) stations.set(s.gid, { name: s.name.ja, lng: at[0], lat: at[1] });
    }
    if (coords.length >= 2) railways.push({ name: line.name.ja, coords });
  }
  return {
    'japan.json': { coast, railways },
    // [name, lng, lat] per station, by japan-train-data's group id.
    'stations.json': [...stations.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => [s.name, s.lng, s.lat]),
  };
}

export const serialise = (data) => `${JSON.stringify(data)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, data] of Object.entries(buildBaseMap())) {
    const text = serialise(data);
    writeFileSync(path.join(OUT_DIR, file), text);
    console.log(`wrote ${file} (${(text.length / 1024).toFixed(0)} KB)`);
  }
}
