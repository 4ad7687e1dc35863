import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchBukkenCardFragment } from '../../../__generated__/operations.js';

/** What a listing card shows (search results, prefecture and topic pickups). */
export const BUKKEN_CARD_FRAGMENT: TypedDocumentNode<SearchBukkenCardFragment> = gql`
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
