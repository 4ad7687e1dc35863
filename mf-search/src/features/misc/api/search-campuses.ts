import { gql } from '@apollo/client';

export const SEARCH_CAMPUSES = gql`
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

export interface SearchCampusesData {
  institutes: { id: number; name: string; campuses: { id: number; campusName: string; address: string; initial: string }[] }[];
  prefectures: { code: number; name: string; path: string }[];
}
