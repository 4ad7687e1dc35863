import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsInboundInquiryMasterQuery, FormsInboundInquiryMasterQueryVariables } from '../../../__generated__/operations.js';

export const INBOUND_INQUIRY_MASTER: TypedDocumentNode<FormsInboundInquiryMasterQuery, FormsInboundInquiryMasterQueryVariables> = gql`
  query FormsInboundInquiryMaster {
    inboundInquiryMaster {
      types {
        code
        name
      }
      categories {
        code
        name
      }
      referenceMedia {
        code
        name
      }
    }
  }
`;
