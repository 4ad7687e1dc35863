import { gql } from '@apollo/client';

/** Listing counts per GeoHex cell in a bounding box. */
export const SEARCH_MAP_INFO = gql`
  query SearchMapInfo($level: Int!, $south: Float!, $west: Float!, $north: Float!, $east: Float!) {
    mapInfo(level: $level, south: $south, west: $west, north: $north, east: $east) {
      geoHex
      count
      center {
        lat
        lng
      }
    }
  }
`;

export interface SearchMapInfoData {
  mapInfo: { geoHex: string; count: number; center: { lat: number; lng: number } }[];
}
