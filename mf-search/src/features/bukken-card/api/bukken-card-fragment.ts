import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchBukkenCardFragment } from '../../../__generated__/operations.js';

/**
 * What a listing card shows (search results, prefecture and topic pickups): public fields only, so a
 * results page's query is the same for every visitor and the gateway's response cache answers it; the
 * card's favorite state comes from the visitor's favorite keys in the shell kit (issue 15).
 * `building.key` groups a results page's rooms by building; initial cost and market rent are public
 * and batched by the bukken subgraph (issue 16).
 */
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
    floorBuilding
    builtAge
    typeName
    building {
      key
    }
    initialCost {
      total
    }
    marketRent {
      difference
      differenceRate
    }
    traffics {
      text
      walkMin
    }
    imageGroup {
      gaikanUrl
      madoriUrl
    }
  }
`;
