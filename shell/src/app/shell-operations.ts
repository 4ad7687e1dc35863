import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ShellAbTestFieldsFragment,
  ShellVisitorFieldsFragment,
  ShellVisitorQuery,
  ShellVisitorQueryVariables,
  ShellVisitMutation,
  ShellVisitMutationVariables,
} from '../__generated__/operations.js';
import { REQUIRED_USER_FIELDS } from '@sumika/shell-kit';

/** The visitor's record as the chrome needs it: badge counts, the previous search, the favorite keys. */
const SHELL_VISITOR_FIELDS: TypedDocumentNode<ShellVisitorFieldsFragment> = gql`
  fragment ShellVisitorFields on User {
    ...RequiredUserFields
    bukken(favorites: true, histories: false, incompleteInquiries: false) {
      favorites {
        globalKey
        addedAt
      }
    }
  }
  ${REQUIRED_USER_FIELDS}
`;

const SHELL_AB_TEST_FIELDS: TypedDocumentNode<ShellAbTestFieldsFragment> = gql`
  fragment ShellAbTestFields on AbTest {
    name
    value
    forced
  }
`;

/**
 * The shell's one call per page: records the request (request info, ref code, gclid) and answers the
 * badge counts, the previous search (PC balloon), the favorite keys and the A/B variants; mints
 * `_uid` on a first visit.
 */
export const SHELL_VISIT: TypedDocumentNode<ShellVisitMutation, ShellVisitMutationVariables> = gql`
  mutation ShellVisit($requestInfo: RequestInfoInput, $refCode: String, $gclid: String) {
    setRequiredData(requestInfo: $requestInfo, refCode: $refCode, gclid: $gclid) {
      ...ShellVisitorFields
      abTests {
        ...ShellAbTestFields
      }
    }
  }
  ${SHELL_VISITOR_FIELDS}
  ${SHELL_AB_TEST_FIELDS}
`;

/**
 * What the visit answered, in the shape the kit's queries read from the cache (the visitor record
 * and its A/B variants at the root): written into the page's cache, never sent.
 */
export const SHELL_VISITOR: TypedDocumentNode<ShellVisitorQuery, ShellVisitorQueryVariables> = gql`
  query ShellVisitor {
    requiredUserData {
      ...ShellVisitorFields
    }
    abTests {
      ...ShellAbTestFields
    }
  }
  ${SHELL_VISITOR_FIELDS}
  ${SHELL_AB_TEST_FIELDS}
`;

/** Operations whose errors never decide the page status (the chrome's own reads). */
export const SHELL_OPERATION_NAMES = new Set(['ShellVisit', 'BukkenTotalCount', 'Regions', 'RequiredUserData', 'FavoriteKeys', 'AbTests']);
