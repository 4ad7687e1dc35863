export interface Prefecture {
  code: number;
  jisCode: string;
  name: string;
  shortName: string;
  kana: string;
  path: string;
  lat: number;
  lng: number;
}

export type CityKind = 'designated' | 'ward' | 'special_ward' | 'city' | 'town' | 'village';

export interface City {
  /** Five-digit local-government code without the check digit (e.g. 13113 渋谷区). */
  code: number;
  /** Six-digit code with check digit, as published. */
  jisCode: string;
  prefectureCode: number;
  name: string;
  kana: string;
  kind: CityKind;
  /** For wards of an ordinance-designated city, that city's code (SPEC's gdCityCode). */
  gdCityCode: number | null;
  /** Designated cities are searched through their wards; everything else directly. */
  searchable: boolean;
  lat: number | null;
  lng: number | null;
}

export interface Town {
  /** city code × 10000 + position of the town in its city's name order. */
  code: number;
  cityCode: number;
  name: string;
  kana: string;
  lat: number;
  lng: number;
}

export interface Railway {
  code: string;
  name: string;
  sort: number;
}

export type LineKind = 'shinkansen' | 'rail' | 'subway' | 'monorail' | 'tram';

export interface Line {
  code: number;
  railwayCode: string;
  name: string;
  nameEn: string;
  nickname: string;
  color: string;
  kind: LineKind;
  sort: number;
  prefectureCodes: number[];
}

export interface Station {
  /** ekidata station code, unique per line. */
  code: number;
  groupCode: number;
  lineCode: number;
  /** Position along the line, from 1. */
  seq: number;
  name: string;
  prefectureCode: number;
  lat: number;
  lng: number;
}

/** Stations shared by several lines are one group (ekidata station_g_cd). */
export interface StationGroup {
  code: number;
  name: string;
  kana: string;
  romaji: string;
  prefectureCode: number;
  cityCode: number;
  townCode: number | null;
  lat: number;
  lng: number;
  lineCodes: number[];
}

export interface StationEdge {
  fromStation: number;
  toStation: number;
  lineCode: number | null;
  minutes: number;
  kind: 'ride' | 'transfer';
}

export interface CampusNearStation {
  groupCode: number;
  distanceM: number;
  walkMin: number;
}

export interface Campus {
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
  /** Gojūon row of the institute's reading, for /campus/{initial}: a, ka, sa, ta, na, ha, ma, ya, ra, wa. */
  initial: string;
  nearStations: CampusNearStation[];
}

export interface ConditionCode {
  code: number;
  groupKey: string;
  name: string;
  path: string;
  frequency: number;
  sort: number;
}

export interface ConditionGroup {
  key: string;
  name: string;
  sort: number;
}

export interface SpecialMatch {
  conditionCodes?: number[];
  walkMinMax?: number;
  noShikikin?: boolean;
  noReikin?: boolean;
  builtWithinYears?: number;
  plans?: string[];
  rentMax?: number;
  floorMin?: number;
}

export interface Special {
  path: string;
  name: string;
  title: string;
  topImage: string;
  featureTexts1: string;
  featureTexts2: string;
  prefDesc: string;
  faq: { question: string; answer: string }[];
  match: SpecialMatch;
  sort: number;
}

export interface Madori {
  code: number;
  name: string;
  path: string;
  rooms: number;
}

export interface RegionRow {
  grouping: 'display' | 'eleven';
  code: string;
  name: string;
  sort: number;
  prefectureCodes: number[];
}

export interface MasterData {
  prefectures: Prefecture[];
  regions: RegionRow[];
  cities: City[];
  towns: Town[];
  railways: Railway[];
  lines: Line[];
  stations: Station[];
  stationGroups: StationGroup[];
  edges: StationEdge[];
  campuses: Campus[];
  conditionGroups: ConditionGroup[];
  conditionCodes: ConditionCode[];
  specials: Special[];
  madori: Madori[];
}
