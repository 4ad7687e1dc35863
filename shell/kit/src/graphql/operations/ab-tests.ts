import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AbTestsQuery, AbTestsQueryVariables } from '../../__generated__/operations.js';

/** A variant as the server assigned it; providers also take plain name/value lists. */
export type AbTestAssignment = Omit<AbTestsQuery['abTests'][number], '__typename'>;

/** The visitor's variants; the server draws missing ones and sets each `{name}_for_ga_session` cookie. */
export const AB_TESTS: TypedDocumentNode<AbTestsQuery, AbTestsQueryVariables> = gql`
  query AbTests {
    abTests {
      name
      value
      forced
    }
  }
`;
