import { gql } from '@apollo/client';
import { REQUIRED_USER_FIELDS, type LastSearchCondition } from '@sumika/shell-kit';

/**
 * The shell's first call per page: badge counts, the previous search (PC balloon), the favorite
 * keys and the A/B variants; mints `_uid` on a first visit.
 */
export const SHELL_VISITOR = gql`
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

export interface ShellVisitorData {
  requiredUserData: {
    stockCount: { favorite: number; detail: number; search: number };
    lastSearchCondition: LastSearchCondition | null;
    bukken: { favorites: { globalKey: string }[] };
  };
  abTests: { name: string; value: string }[];
}

/** What the shell records per page request (request info, ref code, gclid). */
export const SHELL_REQUIRED_DATA = gql`
  mutation ShellRequiredData($requestInfo: RequestInfoInput, $refCode: String, $gclid: String) {
    setRequiredData(requestInfo: $requestInfo, refCode: $refCode, gclid: $gclid) {
      lastUpdatedAt
    }
  }
`;

/** Operations whose errors never decide the page status (the chrome's own reads). */
export const SHELL_OPERATION_NAMES = new Set(['ShellVisitor', 'ShellRequiredData', 'BukkenTotalCount', 'Regions', 'RequiredUserData', 'FavoriteKeys', 'AbTests']);
