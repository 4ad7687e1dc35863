import type { Kysely, Selectable } from 'kysely';
import type { DB } from './db.js';

export type ConditionGroupRow = Selectable<DB['condition_group']>;
export type ConditionRow = Selectable<DB['condition_code']>;
export type SpecialRow = Selectable<DB['special']>;
export type MadoriRow = Selectable<DB['madori']>;

export function conditionGroups(db: Kysely<DB>): Promise<ConditionGroupRow[]> {
  return db.selectFrom('condition_group').selectAll().orderBy('sort').execute();
}

/** Every condition code, in group order then in-group order. */
export function allConditions(db: Kysely<DB>): Promise<ConditionRow[]> {
  return db
    .selectFrom('condition_code')
    .innerJoin('condition_group', 'condition_group.key', 'condition_code.group_key')
    .selectAll('condition_code')
    .orderBy('condition_group.sort')
    .orderBy('condition_code.sort')
    .execute();
}

export async function conditionsByCodes(db: Kysely<DB>, codes: readonly number[]): Promise<ConditionRow[]> {
  if (codes.length === 0) return [];
  return db.selectFrom('condition_code').selectAll().where('code', 'in', codes).execute();
}

export function specials(db: Kysely<DB>): Promise<SpecialRow[]> {
  return db.selectFrom('special').selectAll().orderBy('sort').execute();
}

export function specialByPath(db: Kysely<DB>, path: string): Promise<SpecialRow | undefined> {
  return db.selectFrom('special').selectAll().where('path', '=', path).executeTakeFirst();
}

export function madori(db: Kysely<DB>): Promise<MadoriRow[]> {
  return db.selectFrom('madori').selectAll().orderBy('code').execute();
}
