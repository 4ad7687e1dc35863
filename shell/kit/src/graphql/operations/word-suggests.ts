import { gql, type TypedDocumentNode } from '@apollo/client';
import type { WordSuggestsQuery, WordSuggestsQueryVariables } from '../../__generated__/operations.js';

/** The stations, cities and lines a free word being typed names (the header's suggestions). */
export const WORD_SUGGESTS: TypedDocumentNode<WordSuggestsQuery, WordSuggestsQueryVariables> = gql`
  query WordSuggests($keyword: String!) {
    wordSuggests(keyword: $keyword) {
      kind
      name
      detail
      path
    }
  }
`;
