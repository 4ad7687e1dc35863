import type { ColumnType } from 'kysely';

/** Dates arrive as Date (node-postgres parses them); we write ISO strings. */
type Timestamp = ColumnType<Date, string | Date, string | Date>;

/** Condition codes by SPEC §3 group key, e.g. { baths: [201, 205], … }. */
export type ConditionCodesJson = Record<string, number[]>;

/** The bukken schema as the query builder sees it (see migrations/; column names exactly as there). */
export interface DB {
  building: {
    id: number;
    key: string;
    name: string;
    name_kana: string;
    building_type: number;
    struct: string;
    floors: number;
    basement_floors: ColumnType<number, number | undefined, number>;
    built_date: ColumnType<Date, string, string>;
    prefecture_code: number;
    city_code: number;
    town_code: number | null;
    address: string;
    lat: number;
    lng: number;
    total_units: number;
  };
  bukken: {
    id: number;
    global_key: string;
    building_id: number;
    company_id: number;
    store_id: number;
    room_num: string;
    floor: number;
    plan: string;
    plan_detail: string;
    /** numeric(6,2): the kit's pg type parser turns numeric into number. */
    area: number;
    aspect: string;
    chinryou: number;
    kanri_kyoeki: number;
    shikikin: number;
    reikin: number;
    shikikin_months: number;
    reikin_months: number;
    hoshoukin: ColumnType<number, number | undefined, number>;
    shikirei0: boolean;
    agent_fee_months: number;
    guarantee_company: boolean;
    contract_years: number;
    condition_codes: ColumnType<ConditionCodesJson, string, string>;
    highly_recommended: boolean;
    exclamation: string | null;
    pr_text: string;
    arrived_at: Timestamp;
    updated_at: Timestamp;
    view_count: number;
    archived_at: ColumnType<Date | null, string | Date | null, string | Date | null>;
    image_seed: number;
  };
  /** The condition master's names (seeded from the same source as the search subgraph's condition_code). */
  condition_code: {
    code: number;
    name: string;
    group_key: string;
  };
  bukken_traffic: {
    bukken_id: number;
    seq: number;
    line_code: number;
    line_name: string;
    station_code: number;
    station_group_code: number;
    station_name: string;
    distance_m: number;
    walk_min: number;
  };
}
