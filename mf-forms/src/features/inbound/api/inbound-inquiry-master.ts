import { gql } from '@apollo/client';

export const INBOUND_INQUIRY_MASTER = gql`
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

type Option = { code: string; name: string };
export interface InboundInquiryMasterData {
  inboundInquiryMaster: { types: Option[]; categories: Option[]; referenceMedia: Option[] };
}
