import { gql, type TypedDocumentNode } from '@apollo/client';

export interface AbTestAssignment {
  name: string;
  value: string;
  forced: boolean;
}
export interface AbTestsData {
  abTests: AbTestAssignment[];
}

/** The visitor's variants; the server draws missing ones and sets each `{name}_for_ga_session` cookie. */
export const AB_TESTS: TypedDocumentNode<AbTestsData, Record<string, never>> = gql`
  query AbTests {
    abTests {
      name
      value
      forced
    }
  }
`;
