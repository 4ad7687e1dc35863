import { gql, type TypedDocumentNode } from '@apollo/client';

export interface PrefectureSummary {
  code: number;
  name: string;
  path: string;
}
export interface RegionSummary {
  code: string;
  name: string;
  prefectures: PrefectureSummary[];
}
export interface RegionsData {
  regions: { regions: RegionSummary[] };
}
export interface RegionsVariables {
  grouping?: 'DISPLAY' | 'ELEVEN';
}

/** SPEC §2.2 region map: the eight display regions with their prefectures. */
export const REGIONS: TypedDocumentNode<RegionsData, RegionsVariables> = gql`
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
