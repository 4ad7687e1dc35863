import { gql } from '@apollo/client';

export const DELETE_HISTORIES = gql`
  mutation UserDeleteHistories($globalKeys: [ID!]!) {
    deleteHistories(globalKeys: $globalKeys) {
      deleteGlobalKeys
    }
  }
`;

export interface DeleteHistoriesData {
  deleteHistories: { deleteGlobalKeys: string[] };
}
