import { gql, type TypedDocumentNode } from '@apollo/client';
import type { UserRegisterNewsLetterForListMutation, UserRegisterNewsLetterForListMutationVariables } from '../../../__generated__/operations.js';

/** New-listing mails for the saved searches. */
export const REGISTER_NEWS_LETTER_FOR_LIST: TypedDocumentNode<UserRegisterNewsLetterForListMutation, UserRegisterNewsLetterForListMutationVariables> = gql`
  mutation UserRegisterNewsLetterForList($email: String!, $reviewPeriod: Int) {
    registerNewsLetterForList(email: $email, reviewPeriod: $reviewPeriod) {
      reviewPeriod
      reviewUntil
    }
  }
`;
