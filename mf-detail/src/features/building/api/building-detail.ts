import { gql } from '@apollo/client';
import { LISTING_CARD_FRAGMENT, type ListingCardData } from '../../listing/api/listing-card-fragment.js';

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
        ...DetailListingCard
        kanriKyoeki
        floor
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
  ${LISTING_CARD_FRAGMENT}
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
    vacancies: (ListingCardData & { kanriKyoeki: number; floor: number })[];
    marketPrices: { plan: string; median: number; count: number }[];
    otherBuildings: { key: string; name: string; address: string; builtAge: number }[];
  };
}
