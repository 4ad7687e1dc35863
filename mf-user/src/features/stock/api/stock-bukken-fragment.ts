import { gql } from '@apollo/client';

/** A listing as the user area lists it. */
export const STOCK_BUKKEN_FRAGMENT = gql`
  fragment UserStockBukken on Bukken {
    globalKey
    name
    address
    chinryou
    kanriKyoeki
    plan
    area
    builtAge
    archived
    favorited
    traffics {
      text
    }
    imageGroup {
      gaikanUrl
    }
  }
`;

export interface StockBukken {
  globalKey: string;
  name: string;
  address: string;
  chinryou: number;
  kanriKyoeki: number;
  plan: string;
  area: number;
  builtAge: number;
  archived: boolean;
  /** Null (as false) when the user subgraph could not answer for the listing. */
  favorited: boolean | null;
  traffics: { text: string }[];
  imageGroup: { gaikanUrl: string };
}
