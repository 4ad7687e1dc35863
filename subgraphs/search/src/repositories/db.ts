import type { ColumnType, Generated } from 'kysely';

/** The search schema as the query builder sees it (see migrations/). */
export interface DB {
  prefecture: { code: number; jis_code: string; name: string; short_name: string; kana: string; path: string; lat: number; lng: number };
  region: { grouping: 'display' | 'eleven'; code: string; name: string; sort: number; prefecture_codes: number[] };
  city: {
    code: number;
    jis_code: string;
    prefecture_code: number;
    name: string;
    kana: string;
    kind: 'designated' | 'ward' | 'special_ward' | 'city' | 'town' | 'village';
    gd_city_code: number | null;
    searchable: boolean;
    lat: number | null;
    lng: number | null;
  };
  town: { code: number; city_code: number; name: string; kana: string; lat: number; lng: number };
  railway: { code: string; name: string; sort: number };
  line: {
    code: number;
    railway_code: string;
    name: string;
    name_en: string;
    nickname: string;
    color: string;
    kind: string;
    sort: number;
    prefecture_codes: number[];
  };
  station_group: {
    code: number;
    name: string;
    kana: string;
    romaji: string;
    prefecture_code: number;
    city_code: number;
    town_code: number | null;
    lat: number;
    lng: number;
    line_codes: number[];
  };
  station: { code: number; group_code: number; line_code: number; seq: number; name: string; prefecture_code: number; lat: number; lng: number };
  station_edge: { from_station: number; to_station: number; line_code: number | null; minutes: number; kind: 'ride' | 'transfer' };
  campus: {
    id: number;
    institute_id: number;
    institute_name: string;
    institute_kana: string;
    campus_name: string;
    kind: string;
    prefecture_code: number;
    address: string;
    lat: number;
    lng: number;
    initial: string;
  };
  campus_station: { campus_id: number; group_code: number; rank: number; distance_m: number; walk_min: number };
  condition_group: { key: string; name: string; sort: number };
  condition_code: { code: number; group_key: string; name: string; path: string; sort: number };
  special: {
    path: string;
    name: string;
    title: string;
    top_image: string;
    feature_texts1: string;
    feature_texts2: string;
    pref_desc: string;
    faq: ColumnType<{ question: string; answer: string }[], string, string>;
    match: ColumnType<SpecialMatch, string, string>;
    sort: number;
  };
  madori: { code: number; name: string; path: string; rooms: number };
  listing: {
    id: number;
    global_key: string;
    building_key: string;
    company_id: number;
    store_id: number;
    prefecture_code: number;
    city_code: number;
    gd_city_code: number | null;
    town_code: number | null;
    building_type: number;
    chinryou: number;
    kanri_kyoeki: number;
    total_rent: number;
    no_shikikin: boolean;
    no_reikin: boolean;
    plan_code: number;
    area: number;
    floor: number;
    walk_min: number;
    station_groups: number[];
    line_codes: number[];
    condition_codes: number[];
    built_year: number;
    built_date: ColumnType<Date, string, string>;
    arrived_at: ColumnType<Date, Date | string, Date | string>;
    view_count: number;
    initial_cost: number;
    lat: number;
    lng: number;
    words: string[];
    archived: boolean;
    /** The transaction that last wrote the row (a trigger sets it; migration 0008). */
    written_xact: ColumnType<string | null, never, never>;
  };
  listing_generation: { only_row: boolean; generation: ColumnType<string, never, never> };
  seed_run: { id: Generated<number>; seed: number; listings: number; as_of: ColumnType<Date, string, string>; started_at: Date; finished_at: Date };
}

/** A special feature's membership rule (infra/data/specials.json), AND-ed. */
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
