import { gql } from '@apollo/client';

/** New-listing mails for the saved searches. */
export const REGISTER_NEWS_LETTER_FOR_LIST = gql`
  mutation UserRegisterNewsLetterForList($email: String!, $reviewPeriod: Int) {
    registerNewsLetterForList(email: $email, reviewPeriod: $reviewPeriod) {
      reviewPeriod
      reviewUntil
    }
  }
`;
