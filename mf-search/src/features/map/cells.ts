import type { SearchMapInfoQuery } from '../../__generated__/operations.js';
import { formatNumber } from '@sumika/shell-kit';
import { geoHexLevel, hexCorners, type LatLngPoint } from '@sumika/spec';

export type MapCellView = SearchMapInfoQuery['mapInfo'][number];

/** A cell's accessible name: its nearest station and its count, e.g. 「渋谷駅付近 120件」. */
export function cellLabel(cell: Pick<MapCellView, 'nearStation' | 'count'>): string {
  return `${cell.nearStation ? `${cell.nearStation}駅付近` : 'このエリア'} ${formatNumber(cell.count)}件`;
}

/** Most listings first, then by label: the order of the list beside the map. */
export function cellsByCount(cells: readonly MapCellView[]): MapCellView[] {
  return [...cells].sort((a, b) => b.count - a.count || (a.nearStation ?? '').localeCompare(b.nearStation ?? '') || a.geoHex.localeCompare(b.geoHex));
}

/** The cell's six corners (GeoHex geometry: from its centre and its code's level). */
export const cellCorners = (cell: Pick<MapCellView, 'geoHex' | 'center'>): LatLngPoint[] => hexCorners(cell.center, geoHexLevel(cell.geoHex));
