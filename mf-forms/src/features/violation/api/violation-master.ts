import { gql } from '@apollo/client';

export const VIOLATION_MASTER = gql`
  query FormsViolationMaster {
    violationMaster {
      kinds {
        code
        name
        description
      }
      relations {
        code
        name
        requiresCorporateName
      }
    }
  }
`;

export interface ViolationMasterData {
  violationMaster: {
    kinds: { code: number; name: string; description: string }[];
    relations: { code: number; name: string; requiresCorporateName: boolean }[];
  };
}
