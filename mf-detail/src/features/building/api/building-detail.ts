import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailBuildingQuery, DetailBuildingQueryVariables } from '../../../__generated__/operations.js';
import { LISTING_CARD_FRAGMENT } from '../../listing/index.js';
import { BUILDING_MAP_FRAGMENT } from '../../map-section/index.js';

export const BUILDING_DETAIL: TypedDocumentNode<DetailBuildingQuery, DetailBuildingQueryVariables> = gql`
  query DetailBuilding($key: String!) {
    building(key: $key) {
      key
      name
      ...DetailBuildingMap
      address
      builtDate
      builtAge
      buildingTypeName
      struct
      floor
      basementFloors
      totalUnits
      exteriorUrl
      stations {
        text
      }
      vacancyPlans {
        plan
        count
        chinryouMin
        chinryouMax
        areaMin
        areaMax
        rooms {
          ...DetailListingCard
          floor
          roomNum
          kanriKyoeki
        }
      }
      archivedBukkens {
        globalKey
        floor
        roomNum
        plan
        chinryou
        area
        archivedAt
      }
      companies {
        id
        key
        clientName
        companyName
        address
        tel
        openTime
        holiday
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
  ${BUILDING_MAP_FRAGMENT}
`;

/** BUILDING_DETAIL's variables for the building route's parameters (the page's render and its pageQueries). */
export const buildingDetailVariables = (params: Record<string, string>): DetailBuildingQueryVariables => ({ key: params.id ?? '' });
