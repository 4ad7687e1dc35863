import type { ColumnType } from 'kysely';

/** The bukken schema as the query builder sees it (columns used by this subgraph so far). */
export interface DB {
  building: {
    id: number;
    key: string;
    name: string;
    building_type: number;
    struct: string;
    floors: number;
    built_date: ColumnType<Date, string, string>;
  };
  bukken: {
    id: number;
    global_key: string;
    building_id: number;
    plan: string;
    area: number;
    aspect: string;
    image_seed: number;
    archived_at: Date | null;
  };
}
