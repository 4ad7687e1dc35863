import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CommuteStationSuggestsQuery, CommuteStationSuggestsQueryVariables } from '../../../__generated__/operations.js';

/** Stations whose name, kana or romaji starts with the keyword, in every prefecture (a commute may cross one). */
export const COMMUTE_STATION_SUGGESTS: TypedDocumentNode<CommuteStationSuggestsQuery, CommuteStationSuggestsQueryVariables> = gql`
  query CommuteStationSuggests($keyword: String!) {
    stationSuggests(keyword: $keyword) {
      ekitanCode
      name
      kana
      prefectureName
      lines {
        code
        name
      }
    }
  }
`;
