import { gql } from '@apollo/client';

export const BUILDING_DETAIL = gql`
  query DetailBuilding($key: String!) {
    building(key: $key) {
      key
      name
      address
      builtDate
      builtAge
      buildingTypeName
      struct
      floor
      basementFloors
      totalUnits
      stations {
        text
      }
      vacancies {
        globalKey
        name
        chinryou
        kanriKyoeki
        plan
        area
        floor
        favorited
      }
      marketPrices {
        plan
        median
        count
      }
      otherBuildings(limit: 6) {
        key
        name
        address
        builtAge
      }
    }
  }
`;

export interface BuildingDetailData {
  building: {
    key: string;
    name: string;
    address: string;
    builtDate: string;
    builtAge: number;
    buildingTypeName: string;
    struct: string;
    floor: number;
    basementFloors: number;
    totalUnits: number;
    stations: { text: string }[];
    vacancies: { globalKey: string; name: string; chinryou: number; kanriKyoeki: number; plan: string; area: number; floor: number; favorited: boolean }[];
    marketPrices: { plan: string; median: number; count: number }[];
    otherBuildings: { key: string; name: string; address: string; builtAge: number }[];
  };
}
