import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailListingCardFragment } from '../../../__generated__/operations.js';

/** What every listing card in mf-detail shows: recommendations, a building's vacancies, a company's listings. */
export const LISTING_CARD_FRAGMENT: TypedDocumentNode<DetailListingCardFragment> = gql`
  fragment DetailListingCard on Bukken {
    globalKey
    name
    chinryou
    plan
    area
    favorited
  }
`;
