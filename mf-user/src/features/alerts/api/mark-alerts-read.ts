import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserMarkAlertsReadMutation, UserMarkAlertsReadMutationVariables } from '../../../__generated__/operations.js';

/** Marks the alerts a page has shown as read; answers the header badge's new count. */
export const MARK_ALERTS_READ: TypedDocumentNode<UserMarkAlertsReadMutation, UserMarkAlertsReadMutationVariables> = gql`
  mutation UserMarkAlertsRead($ids: [ID!]) {
    markAlertsRead(ids: $ids) {
      unreadCount
    }
  }
`;
