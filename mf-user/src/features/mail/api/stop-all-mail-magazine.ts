import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserStopAllMailMagazineMutation, UserStopAllMailMagazineMutationVariables } from '../../../__generated__/operations.js';

export const STOP_ALL_MAIL_MAGAZINE: TypedDocumentNode<UserStopAllMailMagazineMutation, UserStopAllMailMagazineMutationVariables> = gql`
  mutation UserStopAllMailMagazine($token: String) {
    stopAllMailMagazine(token: $token) {
      stopped
    }
  }
`;
