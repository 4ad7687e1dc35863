import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchPrefecturePageQuery, SearchPrefecturePageQueryVariables } from '../../../__generated__/operations.js';
import { BUKKEN_CARD_FRAGMENT } from '../../bukken-card/index.js';

export const SEARCH_PREFECTURE_PAGE: TypedDocumentNode<SearchPrefecturePageQuery, SearchPrefecturePageQueryVariables> = gql`
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
