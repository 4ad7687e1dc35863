import { gql, type TypedDocumentNode } from '@apollo/client';

export interface StockCounts {
  favorite: number;
  detail: number;
  search: number;
}

/** SPEC §3 last search condition. */
export interface LastSearchCondition {
  searchPath: string;
  searchText: string;
  /** The conditions alone (rent, plan, features…); null when the search had none. */
  conditionText?: string | null;
  prefectureName?: string | null;
  gdCityName?: string | null;
  citiesShortName?: string | null;
  linesStationsName?: string | null;
  specialName?: string | null;
}

export interface RequiredUserData {
  requiredUserData: {
    lastUpdatedAt: string;
    existApplyData: boolean;
    admin: boolean;
    stockCount: StockCounts;
    lastSearchCondition: LastSearchCondition | null;
  };
}

/** The user fields every page needs (header badges, the PC balloon); the shell's first query spreads them too. */
export const REQUIRED_USER_FIELDS = gql`
  fragment RequiredUserFields on User {
    lastUpdatedAt
    existApplyData
    admin
    stockCount {
      favorite
      detail
      search
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
export const REQUIRED_USER_DATA: TypedDocumentNode<RequiredUserData, Record<string, never>> = gql`
  query RequiredUserData {
    requiredUserData {
      ...RequiredUserFields
    }
  }
  ${REQUIRED_USER_FIELDS}
`;
