import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailBuildingQuery, DetailBuildingQueryVariables } from '../../../__generated__/operations.js';
import { LISTING_CARD_FRAGMENT } from '../../listing/index.js';

export const BUILDING_DETAIL: TypedDocumentNode<DetailBuildingQuery, DetailBuildingQueryVariables> = gql`
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
