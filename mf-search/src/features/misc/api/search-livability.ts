import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LivabilityFieldsFragment, SearchLivabilityQuery, SearchLivabilityQueryVariables } from '../../../__generated__/operations.js';

const LIVABILITY_FIELDS: TypedDocumentNode<LivabilityFieldsFragment> = gql`
  fragment LivabilityFields on Livability {
    name
    bukkenCount
    medianWalkMin
    medianBuiltYear
    stationCount
    rentByPlan { plan median count }
    conditionShares { condition { code name } share }
  }
`;

export const SEARCH_LIVABILITY: TypedDocumentNode<SearchLivabilityQuery, SearchLivabilityQueryVariables> = gql`
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
