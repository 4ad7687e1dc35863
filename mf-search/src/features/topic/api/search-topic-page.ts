import { gql } from '@apollo/client';
import { BUKKEN_CARD_FRAGMENT, type BukkenCardData } from '../../bukken-card/api/bukken-card-fragment.js';

export const SEARCH_TOPIC_PAGE = gql`
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
          bukkenCount
        }
      }
    }
  }
  ${BUKKEN_CARD_FRAGMENT}
`;

export interface SearchTopicPageData {
  specialInfo: {
    path: string;
    name: string;
    title: string;
    topImage: string;
    featureTexts1: string;
    featureTexts2: string;
    prefDesc: string;
    bukkenCount: number;
    faqs: { question: string; answer: string }[];
  } | null;
  /** An entry is null when the bukken subgraph could not answer for it. */
  specialRecommendBukkens: { pickups: (BukkenCardData | null)[] };
  regions: { regions: { code: string; name: string; prefectures: { code: number; name: string; path: string; bukkenCount: number }[] }[] };
}
