import { gql } from '@apollo/client';

export const USER_SEARCH_CONDITIONS = gql`
  query UserSearchConditions {
    user {
      searchConditions {
        id
        index
        searchPath
        searchText
        prefectureName
        specialName
        createdAt
      }
      newsLetter {
        list
        reviewPeriod
        reviewUntil
        stopped
      }
    }
  }
`;

export interface UserSearchConditionsData {
  user: {
    searchConditions: { id: string; index: number; searchPath: string; searchText: string; prefectureName: string | null; specialName: string | null; createdAt: string }[];
    newsLetter: { list: boolean; reviewPeriod: number | null; reviewUntil: string | null; stopped: boolean };
  };
}
