import { gql, type TypedDocumentNode } from '@apollo/client';
import type { FormsApplyStartBukkenFragment } from '../../../__generated__/operations.js';

/** A listing the /apply start page offers to choose from. */
export const APPLY_START_BUKKEN: TypedDocumentNode<FormsApplyStartBukkenFragment> = gql`
  fragment FormsApplyStartBukken on Bukken {
    globalKey
    name
    chinryou
    plan
    address
    imageGroup {
      gaikanUrl
    }
  }
`;
