import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserSearchConditionsQuery, UserSearchConditionsQueryVariables } from '../../../__generated__/operations.js';

export const USER_SEARCH_CONDITIONS: TypedDocumentNode<UserSearchConditionsQuery, UserSearchConditionsQueryVariables> = gql`
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
        alertMail
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
