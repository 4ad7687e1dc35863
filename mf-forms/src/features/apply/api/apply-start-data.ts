import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsApplyStartQuery, FormsApplyStartQueryVariables } from '../../../__generated__/operations.js';
import { APPLY_START_BUKKEN } from './apply-start-bukken.js';

/** /apply without listings: the visitor's inquiries (sent ones are 'applied' histories) and those left midway. */
export const APPLY_START_DATA: TypedDocumentNode<FormsApplyStartQuery, FormsApplyStartQueryVariables> = gql`
  query FormsApplyStart {
    user {
      bukken(favorites: false, histories: true, incompleteInquiries: true) {
        histories {
          globalKey
          kind
          bukken {
            ...FormsApplyStartBukken
          }
        }
        incompleteInquiries {
          globalKey
          listKind
          bukken {
            ...FormsApplyStartBukken
          }
        }
      }
    }
  }
  ${APPLY_START_BUKKEN}
`;
