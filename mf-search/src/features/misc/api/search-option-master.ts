import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchOptionMasterQuery, SearchOptionMasterQueryVariables } from '../../../__generated__/operations.js';

export const SEARCH_OPTION_MASTER: TypedDocumentNode<SearchOptionMasterQuery, SearchOptionMasterQueryVariables> = gql`
  query SearchOptionMaster {
    searchMaster {
      prices
      plans {
        path
        title
      }
      walkMinutes
      builtYears
      buildingTypes {
        key
        name
      }
      conditionGroups {
        key
        name
        conditions {
          code
          name
        }
      }
    }
    prefectures {
      code
      name
      path
    }
  }
`;
