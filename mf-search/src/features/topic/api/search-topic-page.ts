import { gql, type TypedDocumentNode } from '@apollo/client';
import type { SearchTopicPageQuery, SearchTopicPageQueryVariables } from '../../../__generated__/operations.js';
import { BUKKEN_CARD_FRAGMENT } from '../../bukken-card/index.js';

/** A special's page: its texts, pickups, and the prefectures with their counts of listings matching it. */
export const SEARCH_TOPIC_PAGE: TypedDocumentNode<SearchTopicPageQuery, SearchTopicPageQueryVariables> = gql`
  query SearchTopicPage($specialName: String!) {
    specialInfo(specialName: $specialName) {
      path
      name
      title
      topImage
      featureTexts1
      featureTexts2
      prefDesc
      bukkenCount
      faqs {
        question
        answer
      }
    }
    specialRecommendBukkens(specialName: $specialName) {
      pickups {
        ...SearchBukkenCard
      }
    }
    regions {
      regions {
        code
        name
        prefectures {
          code
          name
          path
          bukkenCount(specialName: $specialName)
        }
      }
    }
  }
  ${BUKKEN_CARD_FRAGMENT}
`;
