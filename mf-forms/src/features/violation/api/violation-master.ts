import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsViolationMasterQuery, FormsViolationMasterQueryVariables } from '../../../__generated__/operations.js';

export const VIOLATION_MASTER: TypedDocumentNode<FormsViolationMasterQuery, FormsViolationMasterQueryVariables> = gql`
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
