import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchTopPageQuery, SearchTopPageQueryVariables } from '../../../__generated__/operations.js';

export const SEARCH_TOP_PAGE: TypedDocumentNode<SearchTopPageQuery, SearchTopPageQueryVariables> = gql`
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
      topImage
      bukkenCount
    }
    searchBukkensCount {
      count
    }
    # The newest listings (the preview lists newest first).
    newBukkens: searchBukkensPreview(limit: 4) {
      globalKey
      name
      address
      chinryou
      plan
      area
      imageGroup {
        gaikanUrl
      }
    }
  }
`;
