import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SetAbTestsMutation, SetAbTestsMutationVariables } from '../../__generated__/operations.js';

export const SET_AB_TESTS: TypedDocumentNode<SetAbTestsMutation, SetAbTestsMutationVariables> = gql`
  mutation SetAbTests($inputs: [AbTestInput!]!, $force: Boolean) {
    setAbTests(inputs: $inputs, force: $force) {
      name
      value
      forced
    }
  }
`;
