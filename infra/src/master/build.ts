import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '@sumika/server-kit';
import { distanceM, GridIndex, walkMinutes, type LatLng } from '../lib/geo.js';
import { hashString } from '@sumika/domain';
import { MADORI } from './madori.js';
import { createReader, type Reader } from './readings.js';
import { displayRegions, ELEVEN_REGIONS, PREFECTURE_PATHS } from './regions.js';
import type {
  Campus,
  City,
  CityKind,
  ConditionCode,
  ConditionGroup,
  Line,
  LineKind,
  MasterData,
  Prefecture,
  Railway,
  RegionRow,
  Special,
  Station,
  StationEdge,
  StationGroup,
  Town,
} from './types.js';

// ---- sources --------------------------------------------------------------------------

interface GovEntry {
  code: string;
  city_code: string;
  city_name: string;
  city_kana: string;
  ward_name?: string;
  ward_kana?: string;
  ward_code?: string;
  pref_code: string;
  pref_name: string;
  pref_kana: string;
}

interface JtdName {
  ja: string;
  en: string;
}
interface JtdLocation {
  lat: number;
  lng: number;
  administrativeArea1?: Partial<JtdName>;
  locality1?: Partial<JtdName>;
  ward?: Partial<JtdName>;
  sublocality1?: Partial<JtdName>;
}
interface JtdStation {
  id: number;
  gid: number;
  name: JtdName;
  location: JtdLocation;
}
interface JtdLine {
  id: number;
  name: JtdName;
  stations: JtdStation[];
  prefecture: { id: number };
}

export function dataPath(...parts: string[]): string {
  return path.join(repoRoot(), 'infra', 'data', ...parts);
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function loadTrainData(): { lines: JtdLine[] } {
  const require = createRequire(path.join(repoRoot(), 'infra', 'package.json'));
  return require('japan-train-data') as { lines: JtdLine[] };
}

// ---- prefectures, regions, cities -----------------------------------------------------

const PREF_SUFFIX = /(都|府|県)$/;

function buildPrefectures(gov: GovEntry[], groupsByPref: Map<number, LatLng[]>): Prefecture[] {
  return gov.map((p) => {
    const code = Number(p.pref_code.slice(0, 2));
    const points = groupsByPref.get(code) ?? [];
    const centre = centroid(points) ?? { lat: 35.68, lng: 139.77 };
    return {
      code,
      jisCode: p.pref_code,
      name: p.pref_name,
      shortName: p.pref_name === '北海道' ? '北海道' : p.pref_name.replace(PREF_SUFFIX, ''),
      kana: p.pref_kana,
      path: PREFECTURE_PATHS[code - 1] as string,
      lat: round6(centre.lat),
      lng: round6(centre.lng),
    };
  });
}

function buildRegions(): RegionRow[] {
  const rows: RegionRow[] = [];
  displayRegions().forEach((r, i) => rows.push({ grouping: 'display', code: r.code, name: r.name, sort: i + 1, prefectureCodes: r.prefectureCodes }));
  ELEVEN_REGIONS.forEach((r, i) => rows.push({ grouping: 'eleven', code: r.code, name: r.name, sort: i + 1, prefectureCodes: r.prefectureCodes }));
  return rows;
}

function cityKind(name: string, isDesignated: boolean, prefCode: number): CityKind {
  if (isDesignated) return 'designated';
  if (name.endsWith('区')) return prefCode === 13 ? 'special_ward' : 'ward';
  if (name.endsWith('市')) return 'city';
  if (name.endsWith('町')) return 'town';
  return 'village';
}

function buildCities(cities: GovEntry[], wards: GovEntry[]): City[] {
  const designated = new Set(wards.map((w) => w.city_code));
  const out: City[] = [];
  for (const c of cities) {
    const prefectureCode = Number(c.pref_code.slice(0, 2));
    const isDesignated = designated.has(c.city_code);
    out.push({
      code: Number(c.city_code.slice(0, 5)),
      jisCode: c.city_code,
      prefectureCode,
      name: c.city_name,
      kana: c.city_kana,
      kind: cityKind(c.city_name, isDesignated, prefectureCode),
      gdCityCode: null,
      searchable: !isDesignated,
      lat: null,
      lng: null,
    });
  }
  for (const w of wards) {
    const prefectureCode = Number(w.pref_code.slice(0, 2));
    out.push({
      code: Number((w.ward_code as string).slice(0, 5)),
      jisCode: w.ward_code as string,
      prefectureCode,
      // Portals show a designated city's ward with its city: 札幌市中央区.
      name: `${w.city_name}${w.ward_name as string}`,
      kana: `${w.city_kana}${w.ward_kana as string}`,
      kind: 'ward',
      gdCityCode: Number(w.city_code.slice(0, 5)),
      searchable: true,
      lat: null,
      lng: null,
    });
  }
  return out.sort((a, b) => a.code - b.code);
}

// ---- railways, lines, stations --------------------------------------------------------

function lineKind(name: string): LineKind {
  if (name.includes('新幹線')) return 'shinkansen';
  if (
    /モノレール|ゆりかもめ|ライナー|ニュートラム|シーサイドライン|ポートライナー|六甲ライナー|スカイレール|ピーチライナー|リニモ|ニューシャトル|ユーカリが丘|山万/.test(
      name,
    )
  )
    return 'monorail';
  if (
    /都電|市電|路面|電停|軌道|市内線|トラム|ライトレール|本線\(路面\)|阪堺|嵐電|京福|とさでん|伊予鉄道(?:市内|環状|本町|城南|大手町)|富山地方鉄道(?:市内|富山港)|万葉線|福井鉄道|豊橋鉄道東田|広島電鉄|長崎電気|岡山電気|筑豊電気/.test(
      name,
    )
  )
    return 'tram';
  if (/メトロ|地下鉄|都営(?!.*荒川)|Osaka Metro|市営|りんかい線|埼玉高速|東葉高速/.test(name)) return 'subway';
  return 'rail';
}

/** Average speed between stations including acceleration, by line kind (km/h). */
const SPEED_KMH: Record<LineKind, number> = { shinkansen: 180, rail: 45, subway: 32, monorail: 28, tram: 14 };
/** A gap longer than this between consecutive stations is a branch seam in the data, not a ride. */
const MAX_HOP_M: Record<LineKind, number> = { shinkansen: 150_000, rail: 30_000, subway: 6_000, monorail: 8_000, tram: 3_000 };
const DWELL_MIN = 0.5;
/** Changing lines inside one station, and walking between stations this close. */
export const TRANSFER_SAME_STATION_MIN = 5;
export const WALK_TRANSFER_MAX_M = 300;

/** A stable colour for lines without an official one: hue from the line code. */
export function generatedColor(code: number): string {
  const h = hashString(`line:${code}`) % 360;
  const s = 0.55;
  const l = 0.45;
  const f = (n: number): string => {
    const k = (n + h / 30) % 12;
    const c = l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`.toUpperCase();
}

interface LineMeta {
  railways: { code: string; name: string }[];
  lines: Record<string, { railway: string; color: string | null; nickname: string }>;
}

/** A geocoded sub-locality is a town name unless it is only a block or lot number (e.g. '3丁目', '2'). */
function townName(raw: string | undefined): string | null {
  if (!raw) return null;
  const name = raw.normalize('NFKC').trim();
  if (!name || /^[\d\s\-−]+(丁目|番地?|号|条)?$/.test(name)) return null;
  return name;
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function centroid(points: readonly LatLng[]): LatLng | undefined {
  if (points.length === 0) return undefined;
  let lat = 0;
  let lng = 0;
  for (const p of points) {
    lat += p.lat;
    lng += p.lng;
  }
  return { lat: lat / points.length, lng: lng / points.length };
}

// ---- the build ------------------------------------------------------------------------

export interface BuildOptions {
  reader?: Reader;
}

/**
 * Builds all master data from the sources in infra/data and the japan-train-data package.
 * Pure and deterministic: the same inputs give the same rows in the same order.
 */
export async function buildMasterData(opts: BuildOptions = {}): Promise<MasterData> {
  const reader = opts.reader ?? (await createReader());
  const govDir = dataPath('jp-local-gov-codes');
  const govPrefs = readJson<GovEntry[]>(path.join(govDir, 'prefectures.json'));
  const govCities = readJson<GovEntry[]>(path.join(govDir, 'cities.json'));
  const govWards = readJson<GovEntry[]>(path.join(govDir, 'wards.json'));
  const lineMeta = readJson<LineMeta>(dataPath('line-meta.json'));

  const prefCodeByName = new Map(govPrefs.map((p) => [p.pref_name, Number(p.pref_code.slice(0, 2))]));
  const cities = buildCities(govCities, govWards);
  const cityByPrefName = new Map<string, City>();
  for (const c of cities) cityByPrefName.set(`${c.prefectureCode}:${c.name}`, c);
  const wardByKey = new Map<string, City>();
  for (const w of govWards) {
    const code = Number((w.ward_code as string).slice(0, 5));
    const city = cities.find((c) => c.code === code);
    if (city) wardByKey.set(`${Number(w.pref_code.slice(0, 2))}:${w.city_name}:${w.ward_name as string}`, city);
  }

  // Lines: the package lists a line once per prefecture it crosses, each time whole.
  const { lines: rawLines } = loadTrainData();
  const linesById = new Map<number, JtdLine>();
  const linePrefs = new Map<number, Set<number>>();
  for (const l of rawLines) {
    if (!linesById.has(l.id)) linesById.set(l.id, l);
    let set = linePrefs.get(l.id);
    if (!set) linePrefs.set(l.id, (set = new Set()));
    set.add(l.prefecture.id);
  }

  const railwaySort = new Map(lineMeta.railways.map((r, i) => [r.code, i + 1]));
  const railways: Railway[] = lineMeta.railways.map((r, i) => ({ code: r.code, name: r.name, sort: i + 1 }));
  const lineIds = [...linesById.keys()].sort((a, b) => a - b);
  const lines: Line[] = lineIds.map((id) => {
    const l = linesById.get(id) as JtdLine;
    const meta = lineMeta.lines[String(id)];
    if (!meta) throw new Error(`line-meta.json has no entry for line ${id}`);
    return {
      code: id,
      railwayCode: meta.railway,
      name: l.name.ja,
      nameEn: l.name.en,
      nickname: meta.nickname,
      color: meta.color ?? generatedColor(id),
      kind: lineKind(l.name.ja),
      sort: 0,
      prefectureCodes: [...(linePrefs.get(id) ?? [])].sort((a, b) => a - b),
    };
  });
  lines
    .slice()
    .sort((a, b) => (railwaySort.get(a.railwayCode) ?? 999) - (railwaySort.get(b.railwayCode) ?? 999) || a.code - b.code)
    .forEach((l, i) => (l.sort = i + 1));

  // Stations: one row per (line, station); groups join the lines of one physical station.
  const stations: Station[] = [];
  const groupMembers = new Map<number, JtdStation[]>();
  for (const id of lineIds) {
    const l = linesById.get(id) as JtdLine;
    l.stations.forEach((s, i) => {
      const prefectureCode = prefCodeByName.get(s.location.administrativeArea1?.ja ?? '') ?? l.prefecture.id;
      stations.push({
        code: s.id,
        groupCode: s.gid,
        lineCode: id,
        seq: i + 1,
        name: s.name.ja,
        prefectureCode,
        lat: round6(s.location.lat),
        lng: round6(s.location.lng),
      });
      let members = groupMembers.get(s.gid);
      if (!members) groupMembers.set(s.gid, (members = []));
      members.push(s);
    });
  }

  // Station groups with their city: ward, then city by name, else the nearest resolved group.
  interface Draft extends StationGroup {
    resolved: boolean;
    sublocality: string | null;
  }
  const drafts: Draft[] = [];
  for (const gid of [...groupMembers.keys()].sort((a, b) => a - b)) {
    const members = groupMembers.get(gid) as JtdStation[];
    const first = members.find((m) => m.id === gid) ?? (members[0] as JtdStation);
    const loc = first.location;
    const prefectureCode = prefCodeByName.get(loc.administrativeArea1?.ja ?? '') ?? stations.find((s) => s.code === first.id)?.prefectureCode ?? 13;
    const locality = loc.locality1?.ja;
    const ward = loc.ward?.ja;
    let city: City | undefined;
    if (locality && ward) city = wardByKey.get(`${prefectureCode}:${locality}:${ward}`);
    if (!city && locality) {
      const c = cityByPrefName.get(`${prefectureCode}:${locality}`);
      if (c && c.searchable) city = c;
    }
    const name = first.name.ja;
    const kana = reader.kana(name);
    const lineCodes = [...new Set(stations.filter((s) => s.groupCode === gid).map((s) => s.lineCode))].sort((a, b) => a - b);
    const centre = centroid(members.map((m) => m.location)) as LatLng;
    drafts.push({
      code: gid,
      name,
      kana,
      romaji: reader.romaji(kana),
      prefectureCode,
      cityCode: city?.code ?? 0,
      townCode: null,
      lat: round6(centre.lat),
      lng: round6(centre.lng),
      lineCodes,
      resolved: city !== undefined,
      sublocality: city ? townName(loc.sublocality1?.ja) : null,
    });
  }
  const resolvedIndex = new GridIndex(drafts.filter((d) => d.resolved));
  for (const d of drafts) {
    if (d.resolved) continue;
    const near = resolvedIndex.nearest(d, 150_000, (o) => o.prefectureCode === d.prefectureCode);
    if (!near) throw new Error(`station ${d.code} ${d.name}: no city found`);
    d.cityCode = near.item.cityCode;
  }

  // Towns (町・大字) from the geocoded sub-localities, coded in name order within the city.
  const townPoints = new Map<string, { cityCode: number; name: string; points: LatLng[] }>();
  for (const d of drafts) {
    if (!d.sublocality) continue;
    const key = `${d.cityCode}:${d.sublocality}`;
    let t = townPoints.get(key);
    if (!t) townPoints.set(key, (t = { cityCode: d.cityCode, name: d.sublocality, points: [] }));
    t.points.push(d);
  }
  const towns: Town[] = [];
  const byCity = new Map<number, { name: string; points: LatLng[] }[]>();
  for (const t of townPoints.values()) {
    let list = byCity.get(t.cityCode);
    if (!list) byCity.set(t.cityCode, (list = []));
    list.push(t);
  }
  for (const cityCode of [...byCity.keys()].sort((a, b) => a - b)) {
    const list = (byCity.get(cityCode) ?? []).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    list.forEach((t, i) => {
      const c = centroid(t.points) as LatLng;
      towns.push({ code: cityCode * 10000 + i + 1, cityCode, name: t.name, kana: reader.kana(t.name), lat: round6(c.lat), lng: round6(c.lng) });
    });
  }
  const townByKey = new Map(towns.map((t) => [`${t.cityCode}:${t.name}`, t.code]));
  const stationGroups: StationGroup[] = drafts.map(({ resolved: _r, sublocality, ...g }) => ({
    ...g,
    townCode: sublocality ? (townByKey.get(`${g.cityCode}:${sublocality}`) ?? null) : null,
  }));

  // City centres from their stations (cities without a station keep null).
  const cityPoints = new Map<number, LatLng[]>();
  for (const g of stationGroups) {
    let pts = cityPoints.get(g.cityCode);
    if (!pts) cityPoints.set(g.cityCode, (pts = []));
    pts.push(g);
    const city = cities.find((c) => c.code === g.cityCode);
    if (city?.gdCityCode) {
      let gd = cityPoints.get(city.gdCityCode);
      if (!gd) cityPoints.set(city.gdCityCode, (gd = []));
      gd.push(g);
    }
  }
  for (const c of cities) {
    const centre = centroid(cityPoints.get(c.code) ?? []);
    if (centre) {
      c.lat = round6(centre.lat);
      c.lng = round6(centre.lng);
    }
  }

  const edges = buildEdges(lines, stations, stationGroups);

  const groupsByPref = new Map<number, LatLng[]>();
  for (const g of stationGroups) {
    let list = groupsByPref.get(g.prefectureCode);
    if (!list) groupsByPref.set(g.prefectureCode, (list = []));
    list.push(g);
  }

  const { conditionGroups, conditionCodes } = loadConditions();
  return {
    prefectures: buildPrefectures(govPrefs, groupsByPref),
    regions: buildRegions(),
    cities,
    towns,
    railways,
    lines,
    stations,
    stationGroups,
    edges,
    campuses: loadCampuses(stationGroups),
    conditionGroups,
    conditionCodes,
    specials: loadSpecials(),
    madori: [...MADORI],
  };
}

/**
 * The station graph: rides between consecutive stations of a line (minutes from distance
 * and line kind), transfers between lines inside one station group, and short walks
 * between neighbouring groups.
 */
function buildEdges(lines: Line[], stations: Station[], groups: StationGroup[]): StationEdge[] {
  const edges: StationEdge[] = [];
  const kindByLine = new Map(lines.map((l) => [l.code, l.kind]));
  const byLine = new Map<number, Station[]>();
  for (const s of stations) {
    let list = byLine.get(s.lineCode);
    if (!list) byLine.set(s.lineCode, (list = []));
    list.push(s);
  }
  for (const [lineCode, list] of byLine) {
    const kind = kindByLine.get(lineCode) ?? 'rail';
    list.sort((a, b) => a.seq - b.seq);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1] as Station;
      const b = list[i] as Station;
      const d = distanceM(a, b);
      if (d > MAX_HOP_M[kind]) continue;
      const minutes = Math.max(1, Math.round(((d / 1000 / SPEED_KMH[kind]) * 60 + DWELL_MIN) * 10) / 10);
      edges.push({ fromStation: a.code, toStation: b.code, lineCode: lineCode, minutes, kind: 'ride' });
      edges.push({ fromStation: b.code, toStation: a.code, lineCode: lineCode, minutes, kind: 'ride' });
    }
  }
  const byGroup = new Map<number, Station[]>();
  for (const s of stations) {
    let list = byGroup.get(s.groupCode);
    if (!list) byGroup.set(s.groupCode, (list = []));
    list.push(s);
  }
  for (const list of byGroup.values()) {
    for (const a of list)
      for (const b of list) {
        if (a.code !== b.code && a.lineCode !== b.lineCode) {
          edges.push({ fromStation: a.code, toStation: b.code, lineCode: null, minutes: TRANSFER_SAME_STATION_MIN, kind: 'transfer' });
        }
      }
  }
  const index = new GridIndex(groups, 0.01);
  for (const g of groups) {
    for (const { item: h, distance } of index.within(g, WALK_TRANSFER_MAX_M)) {
      if (h.code === g.code) continue;
      const minutes = TRANSFER_SAME_STATION_MIN + walkMinutes(distance);
      for (const a of byGroup.get(g.code) ?? [])
        for (const b of byGroup.get(h.code) ?? []) {
          if (a.lineCode !== b.lineCode) edges.push({ fromStation: a.code, toStation: b.code, lineCode: null, minutes, kind: 'transfer' });
        }
    }
  }
  return edges.sort((x, y) => x.fromStation - y.fromStation || x.toStation - y.toStation || (x.lineCode ?? 0) - (y.lineCode ?? 0));
}

// ---- campuses, conditions, specials ---------------------------------------------------

const GOJUON_ROWS: [string, string][] = [
  ['a', 'あいうえおぁぃぅぇぉゔ'],
  ['ka', 'かきくけこがぎぐげご'],
  ['sa', 'さしすせそざじずぜぞ'],
  ['ta', 'たちつてとだぢづでどっ'],
  ['na', 'なにぬねの'],
  ['ha', 'はひふへほばびぶべぼぱぴぷぺぽ'],
  ['ma', 'まみむめも'],
  ['ya', 'やゆよゃゅょ'],
  ['ra', 'らりるれろ'],
  ['wa', 'わをん'],
];

export function gojuonInitial(kana: string): string {
  const head = kana.charAt(0);
  return GOJUON_ROWS.find(([, chars]) => chars.includes(head))?.[0] ?? 'a';
}

interface CampusSource {
  id: number;
  instituteId: number;
  instituteName: string;
  instituteKana: string;
  campusName: string;
  kind: string;
  prefectureCode: number;
  address: string;
  lat: number;
  lng: number;
}

/** Campus → up to three nearest stations within 3 km. */
export const CAMPUS_STATION_RADIUS_M = 3000;

function loadCampuses(groups: StationGroup[]): Campus[] {
  const index = new GridIndex(groups);
  return readJson<CampusSource[]>(dataPath('campuses.json')).map((c) => ({
    ...c,
    initial: gojuonInitial(c.instituteKana),
    nearStations: index
      .within(c, CAMPUS_STATION_RADIUS_M)
      .slice(0, 3)
      .map(({ item, distance }) => ({ groupCode: item.code, distanceM: Math.round(distance), walkMin: walkMinutes(distance) })),
  }));
}

function loadConditions(): { conditionGroups: ConditionGroup[]; conditionCodes: ConditionCode[] } {
  const src = readJson<{ groups: { key: string; name: string; codes: { code: number; name: string; path: string; frequency: number }[] }[] }>(
    dataPath('conditions.json'),
  );
  const conditionGroups = src.groups.map((g, i) => ({ key: g.key, name: g.name, sort: i + 1 }));
  const conditionCodes = src.groups.flatMap((g) => g.codes.map((c, i) => ({ ...c, groupKey: g.key, sort: i + 1 })));
  return { conditionGroups, conditionCodes };
}

function loadSpecials(): Special[] {
  return readJson<Omit<Special, 'sort'>[]>(dataPath('specials.json')).map((s, i) => ({ ...s, sort: i + 1 }));
}
