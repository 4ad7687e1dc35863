import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailRecordHistoryMutation, DetailRecordHistoryMutationVariables } from '../../../__generated__/operations.js';

/** Records the visit in the visitor's detail history (閲覧履歴). */
export const RECORD_HISTORY: TypedDocumentNode<DetailRecordHistoryMutation, DetailRecordHistoryMutationVariables> = gql`
  mutation DetailRecordHistory($globalKey: ID!) {
    recordHistory(globalKey: $globalKey) {
      globalKey
      viewedAt
    }
  }
`;
