import { gql } from '@apollo/client';

/** Records the visit in the visitor's detail history (閲覧履歴). */
export const RECORD_HISTORY = gql`
  mutation DetailRecordHistory($globalKey: ID!) {
    recordHistory(globalKey: $globalKey) {
      globalKey
      viewedAt
    }
  }
`;
