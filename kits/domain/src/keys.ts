import { PREFECTURE_PATHS } from '@sumika/spec';

/**
 * Public key formats shared by the generator and the subgraphs. A subgraph never reads
 * another's tables; these formats are the contract that lets ids cross the supergraph.
 */
export const globalKeyOf = (bukkenId: number): string => `bk${String(bukkenId).padStart(9, '0')}`;
export const buildingKeyOf = (buildingId: number): string => `bld${String(buildingId).padStart(8, '0')}`;
export const storeKeyOf = (storeId: number): string => `st${String(storeId).padStart(6, '0')}`;
export const corporationKeyOf = (companyId: number): string => `co${String(companyId).padStart(5, '0')}`;

function parseKey(prefix: string, digits: number, key: string): number | undefined {
  const m = new RegExp(`^${prefix}(\\d{${digits}})$`).exec(key);
  return m ? Number(m[1]) : undefined;
}

export const bukkenIdOf = (globalKey: string): number | undefined => parseKey('bk', 9, globalKey);
export const buildingIdOf = (key: string): number | undefined => parseKey('bld', 8, key);
export const storeIdOf = (key: string): number | undefined => parseKey('st', 6, key);

// Prefecture names and paths by JIS code, and building types: owned by @sumika/spec (the clients show them too).
export { BUILDING_TYPE_KEYS, BUILDING_TYPE_NAMES, buildingTypeCode, PREFECTURE_NAMES, PREFECTURE_PATHS } from '@sumika/spec';

export function prefectureCodeOf(path: string): number | undefined {
  const i = PREFECTURE_PATHS.indexOf(path);
  return i >= 0 ? i + 1 : undefined;
}
