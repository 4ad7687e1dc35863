/**
 * The static picture of a place map: the base layer around the place (coast and railway lines
 * clipped to the box, stations as dots with their names), the nearby spots and the place's marker,
 * in SVG. Rendered on the server (a lazy chunk the server render waits for), so the page shows it
 * without JavaScript; in the browser it is replaced by the Leaflet map.
 */
import { indexedLayer, stations as allStations } from './base-data.js';
import { clipLine, clipRing, contains, inset, intersects, PICTURE, projector, type LngLat } from './geometry.js';
import { placeLayout } from './place-layout.js';
import type { PlaceView } from './place-types.js';

/** At most this many other stations of the box are named (the nearby ones always are). */
const NAMED_STATIONS = 12;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

export default function PlacePicture({ label, center, stations, spots }: PlaceView) {
  const layout = placeLayout({ label, center, stations, spots });
  const { box } = layout;
  const { x, y } = projector(box);
  const pathOf = (points: readonly LngLat[]) => points.map(([lng, lat], i) => `${i ? 'L' : 'M'}${f(x(lng))} ${f(y(lat))}`).join('');

  const layer = indexedLayer();
  const land = layer.coast
    .filter((c) => intersects(c.box, box))
    .map((c) => clipRing(c.ring, box))
    .filter((r) => r.length > 0)
    .map((r) => `${pathOf(r)}Z`)
    .join('');
  const rails = layer.railways
    .filter((r) => intersects(r.box, box))
    .flatMap((r) => clipLine(r.line, box))
    .map(pathOf);
  // Lines sharing a track (through services, several operators' names) draw it once.
  const railPath = [...new Set(rails)].join('');

  const near = new Set(layout.stations.map((s) => s.name));
  const labelBox = inset(box, 0.02);
  const others = allStations
    .filter(([name, lng, lat]) => !near.has(name) && contains(labelBox, { lat, lng }))
    .map(([name, lng, lat]) => ({ name, lat, lng, d: (lat - center.lat) ** 2 + (lng - center.lng) ** 2 }))
    .sort((a, b) => a.d - b.d);
  const px = { x: x(center.lng), y: y(center.lat) };

  return (
    <svg
      className="sk-map__picture"
      viewBox={`0 0 ${PICTURE.width} ${PICTURE.height}`}
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={`${label}の地図`}
      data-zoom={layout.zoom}
    >
      <rect className="sk-map__sea" width={PICTURE.width} height={PICTURE.height} />
      {land && <path className="sk-map__land" d={land} />}
      {railPath && <path className="sk-map__rail" d={railPath} />}
      {others.map((s, i) => (
        <g key={`${s.name}/${s.lat}`} className="sk-map__stop">
          <circle cx={f(x(s.lng))} cy={f(y(s.lat))} r={4} />
          {i < NAMED_STATIONS && (
            <text x={f(x(s.lng) + 7)} y={f(y(s.lat) + 4)}>
              {s.name}
            </text>
          )}
        </g>
      ))}
      {(spots ?? [])
        .filter((s) => contains(box, s))
        .map((s) => (
          <g key={`spot/${s.name}`} className="sk-map__spot" data-spot={s.name}>
            <rect x={f(x(s.lng) - 6)} y={f(y(s.lat) - 6)} width={12} height={12} rx={2} />
            <text x={f(x(s.lng) + 9)} y={f(y(s.lat) + 4)}>
              {s.name}
            </text>
          </g>
        ))}
      {layout.stations
        .filter((s) => contains(box, s))
        .map((s) => (
          <g key={`near/${s.name}`} className="sk-map__stop sk-map__stop--near" data-station={s.name}>
            <circle cx={f(x(s.lng))} cy={f(y(s.lat))} r={7} />
            <text x={f(x(s.lng) + 10)} y={f(y(s.lat) + 5)}>
              {`${s.name}駅`}
            </text>
          </g>
        ))}
      <g className="sk-map__marker" data-marker="place">
        <path d={`M${f(px.x)} ${f(px.y)}l-11 -20a13 13 0 1 1 22 0z`} />
        <circle cx={f(px.x)} cy={f(px.y - 27)} r={5} />
      </g>
    </svg>
  );
}
