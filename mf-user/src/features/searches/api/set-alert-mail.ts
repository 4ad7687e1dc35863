import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserSetSearchConditionAlertMailMutation, UserSetSearchConditionAlertMailMutationVariables } from '../../../__generated__/operations.js';

/** Sets a saved search's new-listing mail: off, daily or instant. */
export const SET_ALERT_MAIL: TypedDocumentNode<UserSetSearchConditionAlertMailMutation, UserSetSearchConditionAlertMailMutationVariables> = gql`
  mutation UserSetSearchConditionAlertMail($id: ID!, $alertMail: String!) {
    setSearchConditionAlertMail(id: $id, alertMail: $alertMail) {
      searchCondition {
        id
        alertMail
      }
    }
  }
`;
