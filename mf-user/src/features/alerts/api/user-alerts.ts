import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserAlertsQuery, UserAlertsQueryVariables } from '../../../__generated__/operations.js';
import { USER_ALERT_FIELDS } from './alert-fields.js';

/** The visitor's alerts, newest first (the most the user subgraph lists). */
export const USER_ALERTS: TypedDocumentNode<UserAlertsQuery, UserAlertsQueryVariables> = gql`
  query UserAlerts {
    user {
      alerts(limit: 100) {
        unreadCount
        items {
          ...UserAlertFields
        }
      }
    }
  }
  ${USER_ALERT_FIELDS}
`;
