import type { Kysely } from 'kysely';
import type { DB } from './db.js';

export interface ImageSource {
  plan: string;
  area: number;
  aspect: string;
  imageSeed: number;
  buildingType: number;
  floors: number;
  struct: string;
  builtYear: number;
  /** The room's floor. */
  floor: number;
  /** Every condition code of the listing, all groups together. */
  codes: number[];
}

/** What the generated images of one listing (floor plan, exterior, rooms, view) are drawn from. */
export async function findImageSource(db: Kysely<DB>, globalKey: string): Promise<ImageSource | undefined> {
  const row = await db
    .selectFrom('bukken as k')
    .innerJoin('building as b', 'b.id', 'k.building_id')
    .select(['k.plan', 'k.area', 'k.aspect', 'k.image_seed', 'k.floor', 'k.condition_codes', 'b.building_type', 'b.floors', 'b.struct', 'b.built_date'])
    .where('k.global_key', '=', globalKey)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    plan: row.plan,
    area: Number(row.area),
    aspect: row.aspect,
    imageSeed: row.image_seed,
    buildingType: row.building_type,
    floors: row.floors,
    struct: row.struct,
    builtYear: new Date(row.built_date).getUTCFullYear(),
    floor: row.floor,
    codes: Object.values(row.condition_codes).flat(),
  };
}
