/**
 * The static picture of a place map: the base layer around the place (coast and railway lines
 * clipped to the box, stations as dots with their names), the nearby spots and the place's marker,
 * in SVG. Rendered on the server (a lazy chunk the server render waits for), so the page shows it
 * without JavaScript; in the browser it is replaced by the Leaflet map.
 */
import { indexedLayer, stationsIn } from './base-data.js';
import { clipLine, clipRing, contains, inset, intersects, PICTURE, projector, type Box, type LngLat } from './geometry.js';
import { placeLabels, textWidth, type LabelRequest, type LabelSide } from './labels.js';
import { placeLayout } from './place-layout.js';
import type { PlaceView } from './place-types.js';

/** At most this many other stations of the box are named (the nearby ones always are). */
const NAMED_STATIONS = 12;

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** Font sizes of the picture's names (map.css): the nearby stations' and the others'. */
const NEAR_FONT = 14;
const FONT = 12;

/** A name beside its point on the side placeLabels chose (SVG text: the baseline a third of the size below the point). */
function Label({ x, y, side, gap, font, children }: { x: number; y: number; side: LabelSide | null; gap: number; font: number; children: string }) {
  if (!side) return null;
  return (
    <text x={f(side === 'right' ? x + gap : x - gap)} y={f(y + font / 3)} textAnchor={side === 'right' ? undefined : 'end'}>
      {children}
    </text>
  );
}

/** Base layers kept (a building's rooms, a listing viewed again, share one box); the oldest goes first. */
const KEPT_BASES = 512;
const bases = new Map<string, { land: string; railPath: string }>();

/**
 * The coast and the railway lines clipped to the box, as SVG paths: a function of the box alone, kept
 * per box (clipping the coast rings and lines was ~5% of the server's time on a detail page).
 */
function baseOf(box: Box): { land: string; railPath: string } {
  const key = `${box.west} ${box.south} ${box.east} ${box.north}`;
  const kept = bases.get(key);
  if (kept) return kept;
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
  const base = { land, railPath: [...new Set(rails)].join('') };
  if (bases.size >= KEPT_BASES) bases.delete(bases.keys().next().value!);
  bases.set(key, base);
  return base;
}

export default function PlacePicture({ label, center, stations, spots }: PlaceView) {
  const layout = placeLayout({ label, center, stations, spots });
  const { box } = layout;
  const { x, y } = projector(box);
  const { land, railPath } = baseOf(box);

  const near = new Set(layout.stations.map((s) => s.name));
  const labelBox = inset(box, 0.02);
  const others = stationsIn(labelBox)
    .filter(([name]) => !near.has(name))
    .map(([name, lng, lat]) => ({ name, lat, lng, d: (lat - center.lat) ** 2 + (lng - center.lng) ** 2 }))
    .sort((a, b) => a.d - b.d);
  const px = { x: x(center.lng), y: y(center.lat) };

  // Names by importance: the nearby stations, the spots, then the closest other stations; none covers
  // another or the marker (it may move to the left of its point, or be left out).
  const nearShown = layout.stations.filter((s) => contains(box, s));
  const spotsShown = (spots ?? []).filter((s) => contains(box, s));
  const othersNamed = others.slice(0, NAMED_STATIONS);
  const request = (p: { lat: number; lng: number }, text: string, font: number, gap: number): LabelRequest => ({
    x: x(p.lng),
    y: y(p.lat),
    width: textWidth(text, font),
    height: font + 2,
    gap,
  });
  const sides = placeLabels(
    [
      ...nearShown.map((s) => request(s, `${s.name}駅`, NEAR_FONT, 10)),
      ...spotsShown.map((s) => request(s, s.name, FONT, 9)),
      ...othersNamed.map((s) => request(s, s.name, FONT, 7)),
    ],
    [{ left: px.x - 13, top: px.y - 40, right: px.x + 13, bottom: px.y }],
  );
  const nearSide = (i: number) => sides[i] ?? null;
  const spotSide = (i: number) => sides[nearShown.length + i] ?? null;
  const otherSide = (i: number) => (i < NAMED_STATIONS ? (sides[nearShown.length + spotsShown.length + i] ?? null) : null);

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
          <Label x={x(s.lng)} y={y(s.lat)} side={otherSide(i)} gap={7} font={FONT}>
            {s.name}
          </Label>
        </g>
      ))}
      {spotsShown.map((s, i) => (
        <g key={`spot/${s.name}`} className="sk-map__spot" data-spot={s.name}>
          <rect x={f(x(s.lng) - 6)} y={f(y(s.lat) - 6)} width={12} height={12} rx={2} />
          <Label x={x(s.lng)} y={y(s.lat)} side={spotSide(i)} gap={9} font={FONT}>
            {s.name}
          </Label>
        </g>
      ))}
      {nearShown.map((s, i) => (
        <g key={`near/${s.name}`} className="sk-map__stop sk-map__stop--near" data-station={s.name}>
          <circle cx={f(x(s.lng))} cy={f(y(s.lat))} r={7} />
          <Label x={x(s.lng)} y={y(s.lat)} side={nearSide(i)} gap={10} font={NEAR_FONT}>
            {`${s.name}駅`}
          </Label>
        </g>
      ))}
      <g className="sk-map__marker" data-marker="place">
        <path d={`M${f(px.x)} ${f(px.y)}l-11 -20a13 13 0 1 1 22 0z`} />
        <circle cx={f(px.x)} cy={f(px.y - 27)} r={5} />
      </g>
    </svg>
  );
}
