import { gql } from '@apollo/client';

export const SEARCH_OPTION_MASTER = gql`
  query SearchOptionMaster {
    searchMaster {
      prices
      plans {
        path
        title
      }
      walkMinutes
      builtYears
      buildingTypes {
        key
        name
      }
      conditionGroups {
        key
        name
        conditions {
          code
          name
        }
      }
    }
    prefectures {
      code
      name
      path
    }
  }
`;

export interface SearchOptionMasterData {
  searchMaster: {
    prices: number[];
    plans: { path: string; title: string }[];
    walkMinutes: number[];
    builtYears: number[];
    buildingTypes: { key: string; name: string }[];
    conditionGroups: { key: string; name: string; conditions: { code: number; name: string }[] }[];
  };
  prefectures: { code: number; name: string; path: string }[];
}
