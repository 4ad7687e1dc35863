import { gql } from '@apollo/client';

export const APPLY_PAGE_DATA = gql`
  query FormsApplyPage($globalKeys: [ID!]!) {
    applyMaster {
      contactMethods {
        code
        name
      }
      moveInTimings {
        code
        name
      }
      requests {
        code
        name
      }
      maxBukkens
    }
    bukkens(globalKeys: $globalKeys) {
      globalKey
      name
      chinryou
      plan
      area
      address
      company {
        id
        clientName
      }
    }
  }
`;

type Option = { code: string; name: string };
export interface ApplyPageData {
  applyMaster: { contactMethods: Option[]; moveInTimings: Option[]; requests: Option[]; maxBukkens: number };
  bukkens: ({ globalKey: string; name: string; chinryou: number; plan: string; area: number; address: string; company: { id: string; clientName: string } | null } | null)[];
}
