import type { SearchMapInfoQuery } from '../../__generated__/operations.js';
import { formatNumber } from '@sumika/shell-kit';
import { geoHexLevel, hexCorners, type LatLngPoint } from '@sumika/spec';

export type MapCellView = SearchMapInfoQuery['mapInfo'][number];

/** A cell's accessible name: its nearest station and its count, e.g. 「渋谷駅付近 120件」. */
export function cellLabel(cell: Pick<MapCellView, 'nearStation' | 'count'>): string {
  return `${cell.nearStation ? `${cell.nearStation}駅付近` : 'このエリア'} ${formatNumber(cell.count)}件`;
}

/** Code-unit order: the same in Node and every browser (localeCompare follows each one's default locale). */
const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Most listings first, then by code: the order of the list beside the map, the same on the server and in the browser. */
export function cellsByCount(cells: readonly MapCellView[]): MapCellView[] {
  return [...cells].sort((a, b) => b.count - a.count || byCodeUnits(a.geoHex, b.geoHex));
}

/** The cell's six corners (GeoHex geometry: from its centre and its code's level). */
export const cellCorners = (cell: Pick<MapCellView, 'geoHex' | 'center'>): LatLngPoint[] => hexCorners(cell.center, geoHexLevel(cell.geoHex));
