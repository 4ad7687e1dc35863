import { gql } from '@apollo/client';
import { BUKKEN_CARD_FRAGMENT, type BukkenCardData } from '../../bukken-card/api/bukken-card-fragment.js';

export const SEARCH_PREFECTURE_PAGE = gql`
  query SearchPrefecturePage($path: String!) {
    prefecture(path: $path) {
      code
      name
      path
      bukkenCount
      cities {
        code
        name
        bukkenCount
      }
    }
    railways(prefecturePath: $path) {
      code
      name
      lines {
        code
        name
        colorCode
        bukkenCount(prefecturePath: $path)
      }
    }
    prefectureRecommendBukkens(prefecturePath: $path, limit: 4) {
      bukkenList {
        ...SearchBukkenCard
      }
    }
    specials {
      path
      name
      title
      topImage
      bukkenCount(prefecturePath: $path)
    }
  }
  ${BUKKEN_CARD_FRAGMENT}
`;

export interface SearchPrefecturePageData {
  prefecture: { code: number; name: string; path: string; bukkenCount: number; cities: { code: number; name: string; bukkenCount: number }[] } | null;
  railways: { code: string; name: string; lines: { code: number; name: string; colorCode: string; bukkenCount: number }[] }[];
  /** Null when the bukken subgraph could not answer: the section is left out. */
  prefectureRecommendBukkens: { bukkenList: BukkenCardData[] } | null;
  specials: { path: string; name: string; title: string; topImage: string; bukkenCount: number }[];
}
