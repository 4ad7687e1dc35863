import { gql } from '@apollo/client';

/** What a listing card shows (search results, prefecture and topic pickups). */
export const BUKKEN_CARD_FRAGMENT = gql`
  fragment SearchBukkenCard on Bukken {
    globalKey
    name
    address
    chinryou
    kanriKyoeki
    shikikin
    reikin
    plan
    area
    floor
    builtAge
    typeName
    traffics {
      text
      walkMin
    }
    imageGroup {
      gaikanUrl
      madoriUrl
    }
    favorited
  }
`;

export interface BukkenCardData {
  globalKey: string;
  name: string;
  address: string;
  chinryou: number;
  kanriKyoeki: number;
  shikikin: number;
  reikin: number;
  plan: string;
  area: number;
  floor: number;
  builtAge: number;
  typeName: string;
  traffics: { text: string; walkMin: number }[];
  imageGroup: { gaikanUrl: string; madoriUrl: string };
  /** Null (as false) when the user subgraph could not answer. */
  favorited: boolean | null;
}
