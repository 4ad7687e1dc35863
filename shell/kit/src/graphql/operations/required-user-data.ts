import { gql, type TypedDocumentNode } from '@apollo/client';
import type { RequiredUserFieldsFragment, RequiredUserDataQuery, RequiredUserDataQueryVariables } from '../../__generated__/operations.js';

type UserCounts = Omit<RequiredUserFieldsFragment['stockCount'], '__typename'>;

/**
 * The header badges' counts, also kept as client state (so without __typename); the user menu's
 * incomplete inquiries and unread alerts are optional (0 when unknown).
 */
export type StockCounts = Omit<UserCounts, 'incomplete' | 'alert'> & Partial<Pick<UserCounts, 'incomplete' | 'alert'>>;

/** SPEC §3 last search condition, also kept as client state. */
export type LastSearchCondition = Omit<NonNullable<RequiredUserFieldsFragment['lastSearchCondition']>, '__typename'>;

/** The user fields every page needs (header badges, the PC balloon); the shell's first query spreads them too. */
export const REQUIRED_USER_FIELDS: TypedDocumentNode<RequiredUserFieldsFragment> = gql`
  fragment RequiredUserFields on User {
    lastUpdatedAt
    existApplyData
    admin
    stockCount {
      favorite
      detail
      search
      incomplete
      alert
    }
    lastSearchCondition {
      searchPath
      searchText
      conditionText
      prefectureName
      gdCityName
      citiesShortName
      linesStationsName
      specialName
    }
  }
`;

/** SPEC §7.1: the user fields every page needs (header badges, the PC balloon). */
export const REQUIRED_USER_DATA: TypedDocumentNode<RequiredUserDataQuery, RequiredUserDataQueryVariables> = gql`
  query RequiredUserData {
    requiredUserData {
      ...RequiredUserFields
    }
  }
  ${REQUIRED_USER_FIELDS}
`;
