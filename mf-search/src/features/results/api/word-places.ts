import { gql, type TypedDocumentNode } from '@apollo/client';
import type { WordPlacesQuery, WordPlacesQueryVariables } from '../../../__generated__/operations.js';

/** The stations and cities a free-word search's word names: the results page offers their own searches. */
export const WORD_PLACES: TypedDocumentNode<WordPlacesQuery, WordPlacesQueryVariables> = gql`
  query WordPlaces($keyword: String!) {
    wordSuggests(keyword: $keyword) {
      kind
      name
      detail
      path
    }
  }
`;
