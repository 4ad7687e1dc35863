import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AbTestAssignment } from './ab-tests.js';

export interface SetAbTestsData {
  setAbTests: AbTestAssignment[];
}
export interface SetAbTestsVariables {
  inputs: { name: string; value: string }[];
  force?: boolean;
}

export const SET_AB_TESTS: TypedDocumentNode<SetAbTestsData, SetAbTestsVariables> = gql`
  mutation SetAbTests($inputs: [AbTestInput!]!, $force: Boolean) {
    setAbTests(inputs: $inputs, force: $force) {
      name
      value
      forced
    }
  }
`;
