import { gql, type TypedDocumentNode } from '@apollo/client';
import type { RegionsQuery, RegionsQueryVariables } from '../../__generated__/operations.js';

export type RegionSummary = RegionsQuery['regions']['regions'][number];
export type PrefectureSummary = RegionSummary['prefectures'][number];

/** SPEC §2.2 region map: the eight display regions with their prefectures. */
export const REGIONS: TypedDocumentNode<RegionsQuery, RegionsQueryVariables> = gql`
  query Regions($grouping: RegionGrouping) {
    regions(grouping: $grouping) {
      regions {
        code
        name
        prefectures {
          code
          name
          path
        }
      }
    }
  }
`;
