import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchMapInfoQuery, SearchMapInfoQueryVariables } from '../../../__generated__/operations.js';

/** Listing counts per GeoHex cell in a bounding box. */
export const SEARCH_MAP_INFO: TypedDocumentNode<SearchMapInfoQuery, SearchMapInfoQueryVariables> = gql`
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
