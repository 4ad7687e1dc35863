import { gql } from '@apollo/client';

/** What every listing card in mf-detail shows: recommendations, a building's vacancies, a company's listings. */
export const LISTING_CARD_FRAGMENT = gql`
  fragment DetailListingCard on Bukken {
    globalKey
    name
    chinryou
    plan
    area
    favorited
  }
`;

export interface ListingCardData {
  globalKey: string;
  name: string;
  chinryou: number;
  plan: string;
  area: number;
  /** Null (as false) when the user subgraph could not answer. */
  favorited: boolean | null;
}
