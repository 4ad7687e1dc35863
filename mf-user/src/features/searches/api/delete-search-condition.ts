import { gql } from '@apollo/client';

export const DELETE_SEARCH_CONDITION = gql`
  mutation UserDeleteSearchCondition($id: ID!) {
    deleteSearchCondition(id: $id) {
      status
      rest
    }
  }
`;

export interface DeleteSearchConditionData {
  deleteSearchCondition: { status: boolean; rest: number };
}
