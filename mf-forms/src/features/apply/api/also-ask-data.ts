import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsApplyAlsoAskQuery, FormsApplyAlsoAskQueryVariables } from '../../../__generated__/operations.js';

/**
 * Similar listings of the ones asked about, offered as an opt-in 'also ask other companies'. A query
 * of its own: when recommendations cannot be read the form still opens, only without the offer.
 */
export const APPLY_ALSO_ASK: TypedDocumentNode<FormsApplyAlsoAskQuery, FormsApplyAlsoAskQueryVariables> = gql`
  query FormsApplyAlsoAsk($globalKeys: [ID!]!) {
    bukkens(globalKeys: $globalKeys) {
      globalKey
      company {
        id
      }
      recommendations(limit: 3) {
        globalKey
        name
        chinryou
        plan
        company {
          id
          clientName
        }
      }
    }
  }
`;
