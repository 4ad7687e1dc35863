import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsApplyPageQuery, FormsApplyPageQueryVariables } from '../../../__generated__/operations.js';

export const APPLY_PAGE_DATA: TypedDocumentNode<FormsApplyPageQuery, FormsApplyPageQueryVariables> = gql`
  query FormsApplyPage($globalKeys: [ID!]!) {
    applyMaster {
      contactMethods {
        code
        name
      }
      moveInTimings {
        code
        name
      }
      requests {
        code
        name
      }
      maxBukkens
    }
    bukkens(globalKeys: $globalKeys) {
      globalKey
      name
      chinryou
      plan
      area
      address
      imageGroup {
        gaikanUrl
      }
      company {
        id
        clientName
      }
    }
  }
`;
