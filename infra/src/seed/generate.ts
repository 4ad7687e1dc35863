import { BUILDING_TYPE_NAMES, bigrams, buildingKeyOf, corporationKeyOf, globalKeyOf, initialCost, Random, storeKeyOf, WeightedTable } from '@sumika/domain';
import { distanceM, GridIndex, offset, walkMinutes, type LatLng } from '../lib/geo.js';
import { MADORI_BY_NAME } from '../master/madori.js';
import { RENT_PER_M2_CORE, RENTAL_STOCK_WEIGHT, TERMINALS } from '../master/regions.js';
import type { City, ConditionCode, MasterData, StationGroup, Town } from '../master/types.js';
import * as words from './names.js';

// ---- generated entities ---------------------------------------------------------------

export interface CompanyRow {
  id: number;
  key: string;
  companyName: string;
  companyKana: string;
  licenseNumber: string;
  association: string;
  daihyo: string;
  prText: string;
  establishedYear: number;
  employeesCount: number;
  isLaterPaymentAvailable: boolean;
  awardYears: number[];
  prefectureCode: number;
  cityCode: number;
  address: string;
  tel: string;
}

export interface StoreRow {
  id: number;
  key: string;
  companyId: number;
  clientName: string;
  tel: string;
  address: string;
  access: string;
  holiday: string;
  openTime: string;
  prefectureCode: number;
  cityCode: number;
  lat: number;
  lng: number;
}

export interface ReviewRow {
  id: number;
  storeId: number;
  rating: number;
  title: string;
  body: string;
  reviewer: string;
  visitedOn: string;
}

export interface EmployeeRow {
  id: number;
  storeId: number;
  name: string;
  position: string;
  yearsOfExperience: number;
  qualification: string | null;
  comment: string;
}

export interface CompanyData {
  companies: CompanyRow[];
  stores: StoreRow[];
  reviews: ReviewRow[];
  employees: EmployeeRow[];
}

export type BuildingType = 1 | 2 | 3 | 4;
/** 1 マンション, 2 アパート, 3 一戸建て, 4 テラスハウス. */
export const BUILDING_TYPES: Record<BuildingType, { name: string; image: 'mansion' | 'apartment' | 'house' | 'terrace' }> = {
  1: { name: BUILDING_TYPE_NAMES[1] ?? '', image: 'mansion' },
  2: { name: BUILDING_TYPE_NAMES[2] ?? '', image: 'apartment' },
  3: { name: BUILDING_TYPE_NAMES[3] ?? '', image: 'house' },
  4: { name: BUILDING_TYPE_NAMES[4] ?? '', image: 'terrace' },
};

export interface BuildingRow {
  id: number;
  key: string;
  name: string;
  nameKana: string;
  buildingType: BuildingType;
  struct: string;
  floors: number;
  basementFloors: number;
  builtDate: string;
  prefectureCode: number;
  cityCode: number;
  gdCityCode: number | null;
  townCode: number | null;
  address: string;
  lat: number;
  lng: number;
  totalUnits: number;
}

export interface TrafficRow {
  seq: number;
  lineCode: number;
  lineName: string;
  stationCode: number;
  stationGroupCode: number;
  stationName: string;
  distanceM: number;
  walkMin: number;
}

export interface BukkenRow {
  id: number;
  globalKey: string;
  buildingId: number;
  companyId: number;
  storeId: number;
  roomNum: string;
  floor: number;
  plan: string;
  planCode: number;
  planDetail: string;
  area: number;
  aspect: string;
  chinryou: number;
  kanriKyoeki: number;
  shikikin: number;
  reikin: number;
  shikikinMonths: number;
  reikinMonths: number;
  hoshoukin: number;
  shikirei0: boolean;
  agentFeeMonths: number;
  guaranteeCompany: boolean;
  contractYears: number;
  conditionCodes: Record<string, number[]>;
  flatConditionCodes: number[];
  highlyRecommended: boolean;
  exclamation: string | null;
  prText: string;
  arrivedAt: Date;
  updatedAt: Date;
  viewCount: number;
  archivedAt: Date | null;
  imageSeed: number;
  traffics: TrafficRow[];
  initialCost: number;
  words: string[];
}

export interface GeneratedBuilding {
  building: BuildingRow;
  rooms: BukkenRow[];
}

export interface GenerateOptions {
  seed: number;
  /** The generator's "today": arrival dates and ages are relative to it, so output never depends on the clock. */
  asOf: Date;
}

// ---- shared tables --------------------------------------------------------------------

const DAY_MS = 86_400_000;
const ASPECTS = ['南', '南東', '南西', '東', '西', '北', '北東', '北西'] as const;
const ASPECT_WEIGHTS = [30, 15, 15, 12, 12, 6, 5, 5];

/** Plan → floor-area range in m² (typical of listings on Japanese portals). */
const PLAN_AREA: Record<string, [number, number]> = {
  '1R': [15, 26],
  '1K': [18, 30],
  '1DK': [25, 36],
  '1LDK': [30, 52],
  '2K': [28, 40],
  '2DK': [35, 50],
  '2LDK': [45, 72],
  '3K': [42, 56],
  '3DK': [50, 68],
  '3LDK': [60, 90],
  '4K': [55, 72],
  '4DK': [65, 88],
  '4LDK+': [80, 125],
};
const PLANS = Object.keys(PLAN_AREA);
/** Plan mix for city centres (first) and for suburbs and the country (second). */
const PLAN_WEIGHTS_URBAN = [14, 34, 6, 16, 2, 5, 12, 0.5, 2, 6, 0.2, 0.4, 1.2];
const PLAN_WEIGHTS_SUBURB = [6, 20, 6, 14, 3, 11, 19, 1, 5, 11, 0.5, 1, 2.5];

/** Metropolitan anchors every prefecture's rent also feels (rent per m² at the core). */
const METRO_ANCHORS: [string, number, number][] = [
  // [terminal name, prefecture, core yen/m²]
  ['東京', 13, RENT_PER_M2_CORE[12] as number],
  ['新宿', 13, RENT_PER_M2_CORE[12] as number],
  ['渋谷', 13, RENT_PER_M2_CORE[12] as number],
  ['梅田', 27, RENT_PER_M2_CORE[26] as number],
  ['名古屋', 23, RENT_PER_M2_CORE[22] as number],
  ['博多', 40, RENT_PER_M2_CORE[39] as number],
];

/** Buildings stand at most this far from the station they were placed around. */
const MAX_OFFSET_M = 2200;
/** Stations listed in a listing's traffic (交通) must be within this distance (30 minutes' walk). */
const STATION_RADIUS_M = 2400;
const TOWN_RADIUS_M = 2500;

interface Anchor extends LatLng {
  rate: number;
}

export class ListingGenerator {
  private readonly groupTable: WeightedTable<StationGroup>;
  private readonly groupIndex: GridIndex<StationGroup>;
  private readonly townIndex: GridIndex<Town>;
  private readonly cityByCode: Map<number, City>;
  private readonly prefNames: Map<number, string>;
  private readonly lineNames: Map<number, string>;
  private readonly stationByGroupLine: Map<string, number>;
  private readonly anchorsByPref: Map<number, Anchor[]>;
  private readonly storeIndex: GridIndex<StoreRow>;
  private readonly storesByPref: Map<number, StoreRow[]>;
  private readonly conditions: ConditionCode[];
  private readonly conditionGroupOf: Map<number, string>;
  /** Per anchor station: the stations, towns and stores any building around it can use (spatial queries once, not per building). */
  private readonly neighbourhoods = new Map<number, { groups: StationGroup[]; towns: Town[]; stores: StoreRow[] }>();
  private readonly termBigrams = new Map<string, string[]>();
  private nextBuildingId = 1;
  private nextBukkenId = 1;

  constructor(
    private readonly master: MasterData,
    companies: CompanyData,
    private readonly opts: GenerateOptions,
  ) {
    this.cityByCode = new Map(master.cities.map((c) => [c.code, c]));
    this.prefNames = new Map(master.prefectures.map((p) => [p.code, p.name]));
    this.lineNames = new Map(master.lines.map((l) => [l.code, l.name]));
    this.stationByGroupLine = new Map(master.stations.map((s) => [`${s.groupCode}:${s.lineCode}`, s.code]));
    this.groupIndex = new GridIndex(master.stationGroups);
    this.townIndex = new GridIndex(master.towns);
    this.anchorsByPref = anchorsFor(master);
    this.groupTable = stationTable(master);
    this.storeIndex = new GridIndex(companies.stores);
    this.storesByPref = new Map();
    for (const s of companies.stores) {
      let list = this.storesByPref.get(s.prefectureCode);
      if (!list) this.storesByPref.set(s.prefectureCode, (list = []));
      list.push(s);
    }
    this.conditions = master.conditionCodes;
    this.conditionGroupOf = new Map(master.conditionCodes.map((c) => [c.code, c.groupKey]));
  }

  private neighbourhood(anchor: StationGroup): { groups: StationGroup[]; towns: Town[]; stores: StoreRow[] } {
    let n = this.neighbourhoods.get(anchor.code);
    if (!n) {
      n = {
        groups: this.groupIndex.within(anchor, MAX_OFFSET_M + STATION_RADIUS_M).map((h) => h.item),
        towns: this.townIndex.within(anchor, MAX_OFFSET_M + TOWN_RADIUS_M).map((h) => h.item),
        stores: this.storesNear(anchor),
      };
      this.neighbourhoods.set(anchor.code, n);
    }
    return n;
  }

  private storesNear(anchor: StationGroup): StoreRow[] {
    const near = this.storeIndex
      .within(anchor, 15_000)
      .filter((h) => h.item.prefectureCode === anchor.prefectureCode)
      .slice(0, 4);
    if (near.length) return near.map((h) => h.item);
    const inPref = this.storesByPref.get(anchor.prefectureCode);
    if (inPref?.length) return inPref;
    return [(this.storeIndex.nearest(anchor, 500_000) as { item: StoreRow }).item];
  }

  /** Free-word bigrams of a term, memoised: line and station names repeat across listings. */
  private bigramsOf(term: string): string[] {
    let b = this.termBigrams.get(term);
    if (!b) {
      b = bigrams([term]);
      if (this.termBigrams.size < 50_000) this.termBigrams.set(term, b);
    }
    return b;
  }

  /** Yields buildings with their listed rooms until `total` listings have been produced. */
  *buildings(total: number): Generator<GeneratedBuilding> {
    let produced = 0;
    while (produced < total) {
      const b = this.building(Math.min(total - produced, 999));
      produced += b.rooms.length;
      yield b;
    }
  }

  private rentRate(p: LatLng, prefectureCode: number): number {
    const core = RENT_PER_M2_CORE[prefectureCode - 1] as number;
    let rate = core * 0.5;
    for (const a of this.anchorsByPref.get(prefectureCode) ?? []) {
      const km = distanceM(p, a) / 1000;
      rate = Math.max(rate, a.rate * (0.45 + 0.55 * Math.exp(-km / 15)));
    }
    return rate;
  }

  private building(maxRooms: number): GeneratedBuilding {
    const id = this.nextBuildingId++;
    const r = new Random(`${this.opts.seed}:building:${id}`);
    const anchor = this.groupTable.pick(r);
    // Distance from the station: most buildings 3–15 minutes' walk, a few further out.
    const dist = Math.min(MAX_OFFSET_M, Math.abs(r.normal(650, 380)) + 60);
    const angle = r.float(0, 2 * Math.PI);
    const raw = offset(anchor, Math.cos(angle) * dist, Math.sin(angle) * dist);
    const pos = { lat: Math.round(raw.lat * 1e6) / 1e6, lng: Math.round(raw.lng * 1e6) / 1e6 };

    const hood = this.neighbourhood(anchor);
    const near = hood.groups
      .map((item) => ({ item, distance: distanceM(pos, item) }))
      .filter((h) => h.distance <= STATION_RADIUS_M && (h.item.prefectureCode === anchor.prefectureCode || h.distance < 1200))
      .sort((a, b) => a.distance - b.distance || a.item.code - b.item.code);
    const nearest = near[0] ?? { item: anchor, distance: distanceM(pos, anchor) };
    const prefectureCode = nearest.item.prefectureCode;
    const city = this.cityByCode.get(nearest.item.cityCode) as City;
    let town: Town | null = null;
    let townDistance = TOWN_RADIUS_M;
    for (const t of hood.towns) {
      if (t.cityCode !== city.code) continue;
      const d = distanceM(pos, t);
      if (d < townDistance) {
        town = t;
        townDistance = d;
      }
    }

    const rate = this.rentRate(pos, prefectureCode);
    const urban = rate > 2600;
    const buildingType = r.weighted<BuildingType>([1, 2, 3, 4], urban ? [62, 33, 3, 2] : [36, 55, 6, 3]);
    const floors = buildingFloors(r, buildingType, urban);
    const struct = buildingStruct(r, buildingType, floors);
    const age = Math.min(55, Math.floor(Math.abs(r.normal(0, 18))));
    const builtYear = this.opts.asOf.getUTCFullYear() - age;
    const builtMonth = age === 0 ? r.int(1, this.opts.asOf.getUTCMonth() + 1) : r.int(1, 12);
    const builtDate = `${builtYear}-${String(builtMonth).padStart(2, '0')}-01`;
    const units = buildingType >= 3 ? 1 : floors * r.int(buildingType === 1 ? 3 : 2, buildingType === 1 ? 8 : 4);
    const roomCount = Math.min(maxRooms, units, 1 + Math.floor(Math.abs(r.normal(0, buildingType === 1 ? 2.2 : 1.2))));

    const [name, nameKana] = buildingName(r, buildingType, town?.name ?? nearest.item.name, town?.kana ?? nearest.item.kana);
    const chome = r.int(1, 5);
    const address = `${this.prefNames.get(prefectureCode) ?? ''}${city.name}${town ? `${town.name}${/\d$/.test(town.name) ? '' : `${chome}丁目`}` : ''}${r.int(1, 30)}-${r.int(1, 20)}`;
    const traffics = this.traffics(r, pos, near.length ? near : [nearest]);
    const store = r.pick(hood.stores);

    const building: BuildingRow = {
      id,
      key: buildingKeyOf(id),
      name,
      nameKana,
      buildingType,
      struct,
      floors,
      basementFloors: buildingType === 1 && floors >= 10 && r.chance(0.3) ? 1 : 0,
      builtDate,
      prefectureCode,
      cityCode: city.code,
      gdCityCode: city.gdCityCode,
      townCode: town?.code ?? null,
      address,
      lat: pos.lat,
      lng: pos.lng,
      totalUnits: units,
    };

    const placeWords = bigrams([name, address]);
    const trafficWords = traffics.flatMap((t) => [...this.bigramsOf(t.lineName), ...this.bigramsOf(t.stationName)]);
    const buildingWords = [...new Set([...placeWords, ...trafficWords])].sort();
    const usedRooms = new Set<string>();
    const basePlan = r.weighted(PLANS, urban ? PLAN_WEIGHTS_URBAN : PLAN_WEIGHTS_SUBURB);
    const rooms: BukkenRow[] = [];
    for (let i = 0; i < roomCount; i++) {
      const rr = r.fork(`room:${i}`);
      rooms.push(this.room(rr, building, age, rate, basePlan, traffics, store, usedRooms, buildingWords));
    }
    return { building, rooms };
  }

  private traffics(r: Random, pos: LatLng, near: { item: StationGroup; distance: number }[]): TrafficRow[] {
    const count = Math.min(near.length, r.weighted([1, 2, 3], [20, 35, 45]));
    const out: TrafficRow[] = [];
    for (const { item: g, distance } of near.slice(0, 3)) {
      if (out.length >= count) break;
      const lineCode = r.pick(g.lineCodes);
      const stationCode = this.stationByGroupLine.get(`${g.code}:${lineCode}`) as number;
      const d = Math.round(distanceM(pos, g));
      out.push({
        seq: out.length + 1,
        lineCode,
        lineName: this.lineNames.get(lineCode) ?? '',
        stationCode,
        stationGroupCode: g.code,
        stationName: g.name,
        distanceM: d,
        walkMin: walkMinutes(distance),
      });
    }
    return out;
  }

  private room(
    r: Random,
    b: BuildingRow,
    age: number,
    rate: number,
    basePlan: string,
    traffics: TrafficRow[],
    store: StoreRow,
    used: Set<string>,
    words: string[],
  ): BukkenRow {
    const id = this.nextBukkenId++;
    const plan = r.chance(0.75) ? basePlan : r.weighted(PLANS, PLAN_WEIGHTS_SUBURB);
    const [minA, maxA] = PLAN_AREA[plan] as [number, number];
    const area = Math.round(r.float(minA, maxA) * 100) / 100;
    let floor = b.buildingType >= 3 ? 1 : r.int(1, b.floors);
    let roomNum = '';
    for (let attempt = 0; attempt < 20; attempt++) {
      roomNum = b.buildingType >= 3 ? '' : `${floor}${String(r.int(1, 8)).padStart(2, '0')}`;
      if (!used.has(roomNum)) break;
      floor = r.int(1, b.floors);
    }
    used.add(roomNum);
    const aspect = r.weighted(ASPECTS, ASPECT_WEIGHTS);
    const walk = traffics[0]?.walkMin ?? 10;

    const typeFactor = { 1: 1, 2: 0.84, 3: 0.92, 4: 0.88 }[b.buildingType];
    const ageFactor = Math.max(0.62, 1.08 - 0.011 * age);
    const walkFactor = Math.max(0.82, 1.04 - 0.009 * walk);
    const floorFactor = 1 + 0.004 * Math.min(floor, 30);
    // Small rooms rent for more per m² than family flats.
    const sizeFactor = Math.max(0.72, Math.min(1.25, 1.25 - (area - 20) * 0.0065));
    const raw = area * rate * typeFactor * ageFactor * walkFactor * floorFactor * sizeFactor * Math.max(0.8, r.normal(1, 0.06));
    const chinryou = Math.max(15_000, raw >= 200_000 ? Math.round(raw / 1000) * 1000 : Math.round(raw / 100) * 100);
    const kanriKyoeki = r.chance(0.12) ? 0 : Math.min(30_000, Math.max(1000, Math.round((chinryou * r.float(0.03, 0.1)) / 500) * 500));
    const shikikinMonths = r.weighted([0, 1, 2], [36, 52, 12]);
    const reikinMonths = r.weighted([0, 1, 2], shikikinMonths === 0 ? [62, 34, 4] : [40, 50, 10]);
    const agentFeeMonths = r.weighted([1.1, 0.55, 0], [78, 18, 4]);
    const guaranteeCompany = r.chance(0.82);

    const codes = this.conditionsFor(r, b, floor, age, plan);
    const grouped: Record<string, number[]> = {};
    for (const group of this.master.conditionGroups) grouped[group.key] = [];
    for (const code of codes) {
      (grouped[this.conditionGroupOf.get(code) as string] as number[]).push(code);
    }

    const arrivedDaysAgo = Math.min(56, Math.floor(Math.abs(r.normal(0, 20))));
    const arrivedAt = new Date(this.opts.asOf.getTime() - arrivedDaysAgo * DAY_MS - r.int(0, 86_399) * 1000);
    const updatedAt = new Date(arrivedAt.getTime() + Math.floor(r.next() * (this.opts.asOf.getTime() - arrivedAt.getTime())));
    const archived = r.chance(0.05);
    const archivedAt = archived ? new Date(arrivedAt.getTime() + Math.floor(r.next() * (this.opts.asOf.getTime() - arrivedAt.getTime()))) : null;
    const viewCount = Math.floor(Math.exp(r.normal(3.2, 1.1))) + (56 - arrivedDaysAgo) * r.int(0, 3);

    const cost = initialCost({
      chinryou,
      kanriKyoeki,
      shikikin: chinryou * shikikinMonths,
      reikin: chinryou * reikinMonths,
      agentFeeMonths,
      guaranteeCompany,
    });
    const first = traffics[0];
    const freeRent = codes.includes(309);
    const bukken: BukkenRow = {
      id,
      globalKey: globalKeyOf(id),
      buildingId: b.id,
      companyId: store.companyId,
      storeId: store.id,
      roomNum,
      floor,
      plan,
      planCode: (MADORI_BY_NAME.get(plan) as { code: number }).code,
      planDetail: planDetail(r, plan, area),
      area,
      aspect,
      chinryou,
      kanriKyoeki,
      shikikin: chinryou * shikikinMonths,
      reikin: chinryou * reikinMonths,
      shikikinMonths,
      reikinMonths,
      hoshoukin: 0,
      shikirei0: shikikinMonths === 0 && reikinMonths === 0,
      agentFeeMonths,
      guaranteeCompany,
      contractYears: r.chance(0.94) ? 2 : r.pick([1, 3]),
      conditionCodes: grouped,
      flatConditionCodes: codes,
      highlyRecommended: r.chance(0.05),
      exclamation: freeRent ? 'フリーレント1ヶ月' : shikikinMonths === 0 && reikinMonths === 0 ? '敷金・礼金0円' : null,
      prText: `${first ? `${first.lineName}「${first.stationName}」駅 徒歩${first.walkMin}分。` : ''}${BUILDING_TYPES[b.buildingType].name}の${plan}（${area.toFixed(2)}㎡）です。${describe(codes, this.conditions)}`,
      arrivedAt,
      updatedAt,
      viewCount,
      archivedAt,
      imageSeed: r.int(1, 2_147_483_646),
      traffics,
      initialCost: cost.total,
      words,
    };
    return bukken;
  }

  /** Condition codes by their real-world frequency, with the rules that must hold (floors, age, lifts). */
  private conditionsFor(r: Random, b: BuildingRow, floor: number, age: number, plan: string): number[] {
    const out: number[] = [];
    for (const c of this.conditions) {
      let p = c.frequency;
      switch (c.code) {
        case 403:
          p = floor >= 2 ? 1 : 0;
          break; // 2階以上
        case 402:
          p = b.buildingType <= 2 && floor === b.floors ? 1 : 0;
          break; // 最上階
        case 505:
          p = age === 0 ? 1 : 0;
          break; // 新築
        case 504:
          p = b.floors >= 20 ? 1 : 0;
          break; // タワーマンション
        case 808:
          p = b.floors >= 6 ? 1 : b.floors >= 4 ? 0.5 : 0;
          break; // エレベーター
        case 601:
          p = b.buildingType === 1 ? 0.6 : 0.12;
          break; // オートロック
        case 604:
          p = b.buildingType === 1 && b.floors >= 6 ? 0.35 : 0;
          break; // 管理人あり
        case 201:
          p = plan === '1R' ? 0.35 : 0.85;
          break; // バス・トイレ別
        case 308:
          p = /^1/.test(plan) ? 0.16 : 0.02;
          break; // 学生向け
        case 311:
          p = /^1/.test(plan) ? 0.15 : 0.6;
          break; // 子供可
        case 506:
          p = b.buildingType >= 3 ? 0 : p;
          break; // メゾネット
        default:
      }
      if (r.chance(p)) out.push(c.code);
    }
    if (out.includes(102) && !out.includes(101)) out.push(101); // 全居室エアコン implies エアコン
    return out.sort((a, b2) => a - b2);
  }
}

function describe(codes: number[], conditions: ConditionCode[]): string {
  const highlights = [601, 201, 202, 301, 501, 502, 804, 809, 309]
    .filter((c) => codes.includes(c))
    .slice(0, 3)
    .map((c) => conditions.find((x) => x.code === c)?.name)
    .filter(Boolean);
  return highlights.length ? `${highlights.join('・')}の人気設備あり。` : '';
}

function buildingFloors(r: Random, type: BuildingType, urban: boolean): number {
  if (type === 2) return r.weighted([2, 3], [75, 25]);
  if (type === 3 || type === 4) return 2;
  if (urban && r.chance(0.05)) return r.int(20, 45);
  return r.int(3, urban ? 15 : 10);
}

function buildingStruct(r: Random, type: BuildingType, floors: number): string {
  if (type === 1) return floors >= 15 ? '鉄骨鉄筋コンクリート' : r.weighted(['鉄筋コンクリート', '鉄骨鉄筋コンクリート', '鉄骨'], [75, 15, 10]);
  if (type === 2) return r.weighted(['木造', '軽量鉄骨', '鉄骨'], [55, 35, 10]);
  return r.weighted(['木造', '軽量鉄骨'], [85, 15]);
}

function buildingName(r: Random, type: BuildingType, place: string, placeKana: string): [string, string] {
  const placeWord = place.replace(/(町|丁目|\d+)$/, '');
  const placeKanaWord = placeKana.replace(/(ちょう|まち|ちょうめ|\d+)$/, '');
  if (type === 3) {
    const [s, sk] = r.pick(words.SURNAMES);
    return [`${s}様邸`, `${sk}さまてい`];
  }
  if (type === 4) {
    const [p, pk] = r.pick(words.BUILDING_PREFIXES);
    return [`${p}テラス${placeWord}`, `${pk}てらす${placeKanaWord}`];
  }
  const suffixes = type === 1 ? words.MANSION_SUFFIXES : words.APARTMENT_SUFFIXES;
  const [suffix, suffixKana] = r.pick(suffixes);
  const numeral = r.pick(words.ROMAN_NUMERALS);
  if (r.chance(0.5)) {
    const [p, pk] = r.pick(words.BUILDING_PREFIXES);
    return [`${p}${suffix}${placeWord}${numeral}`, `${pk}${suffixKana}${placeKanaWord}`];
  }
  if (type === 2 && r.chance(0.4)) {
    const [s, sk] = r.pick(words.SURNAMES);
    return [`${suffix}${s}${numeral}`, `${suffixKana}${sk}`];
  }
  return [`${placeWord}${suffix}${numeral}`, `${placeKanaWord}${suffixKana}`];
}

/** 1 帖 (畳) ≈ 1.62 m²; about 72% of the floor area is living rooms, the rest wet areas and halls. */
export const M2_PER_JO = 1.62;

function planDetail(r: Random, plan: string, area: number): string {
  const rooms = Number(plan[0]);
  const kind = plan.slice(1).replace('+', '');
  const living = (area * 0.72) / M2_PER_JO;
  const kitchenShare = kind === 'R' ? 0 : kind === 'K' ? 0.12 : kind === 'DK' ? 0.24 : 0.36;
  const kitchen = living * kitchenShare;
  const perRoom = (living - kitchen) / rooms;
  const parts: string[] = [];
  if (kind !== 'R') parts.push(`${kind} ${(Math.round(kitchen * 2) / 2).toFixed(1)}帖`);
  for (let i = 0; i < rooms; i++) {
    const size = Math.max(3, Math.round(perRoom * r.float(0.85, 1.15) * 2) / 2);
    parts.push(`${i === rooms - 1 && rooms >= 3 && r.chance(0.3) ? '和室' : '洋室'} ${size.toFixed(1)}帖`);
  }
  return parts.join(' / ');
}

function anchorsFor(master: MasterData): Map<number, Anchor[]> {
  const out = new Map<number, Anchor[]>();
  const byName = (name: string, pref: number): StationGroup | undefined =>
    master.stationGroups.filter((g) => g.name === name && g.prefectureCode === pref).sort((a, b) => b.lineCodes.length - a.lineCodes.length)[0];
  const metro = METRO_ANCHORS.map(([name, pref, rate]) => ({ g: byName(name, pref), rate })).filter(
    (a): a is { g: StationGroup; rate: number } => a.g !== undefined,
  );
  for (const p of master.prefectures) {
    const core = RENT_PER_M2_CORE[p.code - 1] as number;
    const names = TERMINALS[p.code] ?? [];
    let own = names.map((n) => byName(n, p.code)).filter((g): g is StationGroup => g !== undefined);
    if (own.length === 0) {
      // No named terminal: the prefecture's busiest station stands in.
      const busiest = master.stationGroups
        .filter((g) => g.prefectureCode === p.code)
        .sort((a, b) => b.lineCodes.length - a.lineCodes.length || a.code - b.code)[0];
      own = busiest ? [busiest] : [];
    }
    out.set(p.code, [
      ...own.map((g) => ({ lat: g.lat, lng: g.lng, rate: core })),
      ...metro.filter((m) => m.g.prefectureCode !== p.code).map((m) => ({ lat: m.g.lat, lng: m.g.lng, rate: m.rate * 0.9 })),
    ]);
  }
  return out;
}

/** Station groups weighted by the prefecture's share of rental stock and by how many lines serve them. */
function stationTable(master: MasterData): WeightedTable<StationGroup> {
  const byPref = new Map<number, StationGroup[]>();
  for (const g of master.stationGroups) {
    let list = byPref.get(g.prefectureCode);
    if (!list) byPref.set(g.prefectureCode, (list = []));
    list.push(g);
  }
  const items: StationGroup[] = [];
  const weights: number[] = [];
  for (const [pref, groups] of [...byPref.entries()].sort((a, b) => a[0] - b[0])) {
    const local = groups.map((g) => Math.pow(g.lineCodes.length, 1.3));
    const sum = local.reduce((a, b) => a + b, 0);
    groups.forEach((g, i) => {
      items.push(g);
      weights.push(((RENTAL_STOCK_WEIGHT[pref - 1] as number) * (local[i] as number)) / sum);
    });
  }
  return new WeightedTable(items, weights);
}

// ---- companies ------------------------------------------------------------------------

export const COMPANY_COUNT = 600;

/** Companies with their stores, reviews and staff: deterministic from the seed. */
export function generateCompanies(master: MasterData, opts: GenerateOptions): CompanyData {
  const r = new Random(`${opts.seed}:companies`);
  const table = stationTable(master);
  const prefNames = new Map(master.prefectures.map((p) => [p.code, p.name]));
  const cityByCode = new Map(master.cities.map((c) => [c.code, c]));
  const lineNames = new Map(master.lines.map((l) => [l.code, l.nickname]));
  const companies: CompanyRow[] = [];
  const stores: StoreRow[] = [];
  const reviews: ReviewRow[] = [];
  const employees: EmployeeRow[] = [];
  for (let id = 1; id <= COMPANY_COUNT; id++) {
    const home = table.pick(r);
    const storeCount = r.weighted([1, 2, 3, 5, 8, 15], [45, 22, 14, 10, 6, 3]);
    const [prefix, prefixKana] = r.pick(words.COMPANY_PREFIXES);
    const [word, wordKana] = r.pick(words.COMPANY_WORDS);
    const corporate = r.chance(0.85) ? '株式会社' : '有限会社';
    const brand = `${prefix}${word}`;
    const homeCity = cityByCode.get(home.cityCode) as City;
    const storeGroups: StationGroup[] = [home];
    for (let i = 1; i < storeCount; i++) {
      // Chains open stores near the home base, sometimes in other prefectures.
      const candidates = master.stationGroups.filter((g) => Math.abs(g.lat - home.lat) < 0.4 && Math.abs(g.lng - home.lng) < 0.5 && g.lineCodes.length >= 2);
      storeGroups.push(candidates.length ? r.pick(candidates) : table.pick(r));
    }
    const prefs = new Set(storeGroups.map((g) => g.prefectureCode));
    const renewals = r.int(1, 15);
    const licenseNumber =
      prefs.size > 1
        ? `国土交通大臣(${Math.min(renewals, 9)})第${r.int(1000, 9999)}号`
        : `${prefNames.get(home.prefectureCode) ?? ''}知事(${renewals})第${r.int(1000, 69999)}号`;
    const [sn] = r.pick(words.SURNAMES);
    companies.push({
      id,
      key: corporationKeyOf(id),
      companyName: `${corporate}${brand}`,
      companyKana: `${prefixKana}${wordKana}`,
      licenseNumber,
      association: r.pick(words.ASSOCIATIONS),
      daihyo: `${sn} ${r.pick(words.GIVEN_NAMES)}`,
      prText: `${homeCity.name}を中心に、${storeCount > 1 ? `${storeCount}店舗で` : ''}地域密着のお部屋探しをお手伝いしています。創業以来、${r.pick(['単身の方', 'ご家族', '学生の方', 'ペットと暮らす方'])}のお部屋探しを得意としています。`,
      establishedYear: opts.asOf.getUTCFullYear() - 3 * renewals - r.int(0, 4),
      employeesCount: storeCount * r.int(3, 12),
      isLaterPaymentAvailable: r.chance(0.15),
      awardYears: r.chance(0.1) ? [2021, 2022, 2023, 2024, 2025].filter(() => r.chance(0.5)) : [],
      prefectureCode: home.prefectureCode,
      cityCode: home.cityCode,
      address: `${prefNames.get(home.prefectureCode) ?? ''}${homeCity.name}${r.int(1, 5)}-${r.int(1, 20)}-${r.int(1, 15)}`,
      tel: phone(r, home.prefectureCode),
    });
    storeGroups.forEach((g, i) => {
      const storeId = stores.length + 1;
      const city = cityByCode.get(g.cityCode) as City;
      const pos = offset(g, r.float(-250, 250), r.float(-250, 250));
      const walk = walkMinutes(distanceM(pos, g));
      stores.push({
        id: storeId,
        key: storeKeyOf(storeId),
        companyId: id,
        clientName: `${brand} ${g.name}${i === 0 ? '本店' : '店'}`,
        tel: phone(r, g.prefectureCode),
        address: `${prefNames.get(g.prefectureCode) ?? ''}${city.name}${r.int(1, 5)}-${r.int(1, 20)}-${r.int(1, 15)} ${r.int(1, 3)}F`,
        access: `${lineNames.get(g.lineCodes[0] as number) ?? ''}「${g.name}」駅 徒歩${walk}分`,
        holiday: r.pick(words.HOLIDAYS),
        openTime: r.pick(words.OPEN_TIMES),
        prefectureCode: g.prefectureCode,
        cityCode: g.cityCode,
        lat: Math.round(pos.lat * 1e6) / 1e6,
        lng: Math.round(pos.lng * 1e6) / 1e6,
      });
      const reviewCount = r.weighted([0, 1, 3, 6, 10], [25, 25, 25, 15, 10]);
      for (let k = 0; k < reviewCount; k++) {
        const [rating, title] = r.pick(words.REVIEW_TITLES);
        reviews.push({
          id: reviews.length + 1,
          storeId,
          rating,
          title,
          body: r.pick(words.REVIEW_BODIES),
          reviewer: r.pick(words.REVIEWER_ATTRS),
          visitedOn: new Date(opts.asOf.getTime() - r.int(7, 900) * DAY_MS).toISOString().slice(0, 10),
        });
      }
      const staff = r.int(1, 4);
      for (let k = 0; k < staff; k++) {
        const [s] = r.pick(words.SURNAMES);
        employees.push({
          id: employees.length + 1,
          storeId,
          name: `${s} ${r.pick(words.GIVEN_NAMES)}`,
          position: k === 0 ? '店長' : r.pick(words.POSITIONS),
          yearsOfExperience: r.int(1, 25),
          qualification: r.pick(words.QUALIFICATIONS),
          comment: r.pick(words.EMPLOYEE_COMMENTS),
        });
      }
    });
  }
  return { companies, stores, reviews, employees };
}

/** Japanese landline format with the real area codes of big cities (03 Tokyo, 06 Osaka, 052 Nagoya, …). */
function phone(r: Random, pref: number): string {
  const area = ({ 13: '03', 27: '06', 23: '052', 14: '045', 26: '075', 28: '078', 40: '092', 1: '011', 4: '022', 34: '082' } as Record<number, string>)[pref];
  if (area && area.length === 2) return `${area}-${r.int(1000, 9999)}-${r.int(1000, 9999)}`;
  if (area) return `${area}-${r.int(100, 999)}-${r.int(1000, 9999)}`;
  return `0${r.int(120, 999)}-${r.int(10, 99)}-${r.int(1000, 9999)}`;
}
