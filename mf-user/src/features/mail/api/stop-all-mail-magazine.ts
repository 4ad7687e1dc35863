import { gql } from '@apollo/client';

export const STOP_ALL_MAIL_MAGAZINE = gql`
  mutation UserStopAllMailMagazine($token: String) {
    stopAllMailMagazine(token: $token) {
      stopped
    }
  }
`;

export interface StopAllMailMagazineData {
  stopAllMailMagazine: { stopped: boolean };
}
