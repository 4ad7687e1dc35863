import { gql, type TypedDocumentNode } from '@apollo/client';
import type {
  ShellVisitorQuery,
  ShellVisitorQueryVariables,
  ShellRequiredDataMutation,
  ShellRequiredDataMutationVariables,
} from '../__generated__/operations.js';
import { REQUIRED_USER_FIELDS } from '@sumika/shell-kit';

/**
 * The shell's first call per page: badge counts, the previous search (PC balloon), the favorite
 * keys and the A/B variants; mints `_uid` on a first visit.
 */
export const SHELL_VISITOR: TypedDocumentNode<ShellVisitorQuery, ShellVisitorQueryVariables> = gql`
  query ShellVisitor {
    requiredUserData {
      ...RequiredUserFields
      bukken(favorites: true, histories: false, incompleteInquiries: false) {
        favorites {
          globalKey
          addedAt
        }
      }
    }
    abTests {
      name
      value
      forced
    }
  }
  ${REQUIRED_USER_FIELDS}
`;

// shell/src/server/render/render-page.tsx still imports the result by this name.
export type ShellVisitorData = ShellVisitorQuery;

/** What the shell records per page request (request info, ref code, gclid). */
export const SHELL_REQUIRED_DATA: TypedDocumentNode<ShellRequiredDataMutation, ShellRequiredDataMutationVariables> = gql`
  mutation ShellRequiredData($requestInfo: RequestInfoInput, $refCode: String, $gclid: String) {
    setRequiredData(requestInfo: $requestInfo, refCode: $refCode, gclid: $gclid) {
      lastUpdatedAt
    }
  }
`;

/** Operations whose errors never decide the page status (the chrome's own reads). */
export const SHELL_OPERATION_NAMES = new Set([
  'ShellVisitor',
  'ShellRequiredData',
  'BukkenTotalCount',
  'Regions',
  'RequiredUserData',
  'FavoriteKeys',
  'AbTests',
]);
