import { gql } from '@apollo/client';

export const SEARCH_TOP_PAGE = gql`
  query SearchTopPage {
    regions {
      regions {
        code
        name
        prefectures {
          code
          name
          path
          bukkenCount
        }
      }
    }
    specials {
      path
      name
      title
      topImage
      bukkenCount
    }
    searchBukkensCount {
      count
    }
  }
`;

export interface RegionData {
  code: string;
  name: string;
  prefectures: { code: number; name: string; path: string; bukkenCount: number }[];
}

export interface SpecialSummary {
  path: string;
  name: string;
  title: string;
  topImage: string;
  bukkenCount: number;
}

export interface SearchTopPageData {
  regions: { regions: RegionData[] };
  specials: SpecialSummary[];
  searchBukkensCount: { count: number };
}
