import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchCampusesQuery, SearchCampusesQueryVariables } from '../../../__generated__/operations.js';

export const SEARCH_CAMPUSES: TypedDocumentNode<SearchCampusesQuery, SearchCampusesQueryVariables> = gql`
  query SearchCampuses($prefecturePath: String, $initial: String) {
    institutes(prefecturePath: $prefecturePath, initial: $initial) {
      id
      name
      campuses {
        id
        campusName
        address
        initial
      }
    }
    prefectures {
      code
      name
      path
    }
  }
`;
