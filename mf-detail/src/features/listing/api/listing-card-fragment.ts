import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailListingCardFragment } from '../../../__generated__/operations.js';

/**
 * What every listing card in mf-detail shows: recommendations, a building's vacancies, a company's
 * listings. Public fields only (the favorite state comes from the visitor's keys in the shell kit), so
 * the pages' queries are shared by every visitor and cached by the gateway (issue 15).
 */
export const LISTING_CARD_FRAGMENT: TypedDocumentNode<DetailListingCardFragment> = gql`
  fragment DetailListingCard on Bukken {
    globalKey
    name
    chinryou
    plan
    area
  }
`;
