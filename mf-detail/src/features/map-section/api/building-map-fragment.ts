import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailBuildingMapFragment } from '../../../__generated__/operations.js';

/** What the building page's 周辺地図 reads of the building: where it is, its stations and the campuses nearby with the walk to them. */
export const BUILDING_MAP_FRAGMENT: TypedDocumentNode<DetailBuildingMapFragment> = gql`
  fragment DetailBuildingMap on Building {
    name
    latLng {
      lat
      lng
    }
    stations {
      lineName
      stationName
      walkMin
    }
    nearbyCampuses(limit: 5) {
      campus {
        id
        instituteName
        campusName
        latLng {
          lat
          lng
        }
      }
      walkMin
    }
  }
`;
