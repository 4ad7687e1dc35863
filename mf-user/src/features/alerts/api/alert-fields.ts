import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserAlertFieldsFragment } from '../../../__generated__/operations.js';

/** What the user pages show of an alert: price drops (old → new rent) and new listings of a saved search. */
export const USER_ALERT_FIELDS: TypedDocumentNode<UserAlertFieldsFragment> = gql`
  fragment UserAlertFields on Alert {
    id
    kind
    globalKey
    fromRent
    toRent
    searchConditionId
    newCount
    createdAt
    read
  }
`;
