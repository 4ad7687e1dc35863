import { gql } from '@apollo/client';

export const COMPARE_BUKKENS = gql`
  query UserCompareBukkens($globalKeys: [ID!]!) {
    compareBukkens(globalKeys: $globalKeys) {
      bukken {
        globalKey
        name
        address
        chinryou
        kanriKyoeki
        plan
        area
        builtAge
        floor
        traffics {
          text
        }
        imageGroup {
          gaikanUrl
          madoriUrl
        }
      }
      monthlyTotal
      initialCostTotal
      walkMin
      cheapestMonthly
      cheapestInitial
      largest
      newest
      nearest
    }
  }
`;

export interface CompareRow {
  bukken: {
    globalKey: string;
    name: string;
    address: string;
    chinryou: number;
    kanriKyoeki: number;
    plan: string;
    area: number;
    builtAge: number;
    floor: number;
    traffics: { text: string }[];
    imageGroup: { gaikanUrl: string; madoriUrl: string };
  };
  monthlyTotal: number;
  initialCostTotal: number;
  walkMin: number;
  cheapestMonthly: boolean;
  cheapestInitial: boolean;
  largest: boolean;
  newest: boolean;
  nearest: boolean;
}

export interface CompareBukkensData {
  compareBukkens: CompareRow[];
}
