import { gql } from '@apollo/client';

const LIVABILITY_FIELDS = gql`
  fragment LivabilityFields on Livability {
    bukkenCount
    medianWalkMin
    medianBuiltYear
    stationCount
    rentByPlan { plan median count }
    conditionShares { condition { code name } share }
  }
`;

export const SEARCH_LIVABILITY = gql`
  query SearchLivability($prefecturePath: String!, $cityCode: Int!, $stationCode: Int!, $withPref: Boolean!, $withCity: Boolean!, $withStation: Boolean!) {
    prefectures {
      code
      name
      path
    }
    prefecture(path: $prefecturePath) @include(if: $withPref) {
      code
      name
      path
      cities {
        code
        name
        bukkenCount
      }
    }
    city(code: $cityCode) @include(if: $withCity) {
      code
      name
      livability { ...LivabilityFields }
    }
    stationLivability(stationGroupCode: $stationCode) @include(if: $withStation) { ...LivabilityFields }
  }
  ${LIVABILITY_FIELDS}
`;

export interface Livability {
  bukkenCount: number;
  medianWalkMin: number | null;
  medianBuiltYear: number | null;
  stationCount: number;
  rentByPlan: { plan: string; median: number; count: number }[];
  conditionShares: { condition: { code: number; name: string }; share: number }[];
}

export interface SearchLivabilityData {
  prefectures: { code: number; name: string; path: string }[];
  prefecture?: { code: number; name: string; path: string; cities: { code: number; name: string; bukkenCount: number }[] } | null;
  city?: { code: number; name: string; livability: Livability | null } | null;
  stationLivability?: Livability | null;
}
