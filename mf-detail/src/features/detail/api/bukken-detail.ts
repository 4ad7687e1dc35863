import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailBukkenQuery, DetailBukkenQueryVariables } from '../../../__generated__/operations.js';
import { LISTING_CARD_FRAGMENT } from '../../listing/index.js';

export const BUKKEN_DETAIL: TypedDocumentNode<DetailBukkenQuery, DetailBukkenQueryVariables> = gql`
  query DetailBukken($globalKey: ID!) {
    bukken(globalKey: $globalKey) {
      globalKey
      name(nameType: ALL, roomNum: WITH_ROOM_NUM)
      address
      chinryou
      kanriKyoeki
      shikikin
      shikikinMonths
      reikin
      reikinMonths
      shikirei0
      plan
      planDetail
      area
      floor
      roomNum
      aspect
      floorBuilding
      builtDate
      builtAge
      arrivedAt
      viewCount
      exclamation
      highlyRecommended
      typeName
      struct
      prText
      archived
      archivedAt
      traffics {
        text
        lineName
        stationName
        walkMin
      }
      latLng {
        lat
        lng
      }
      conditionCodes {
        airConditionings { code name }
        baths { code name }
        kitchens { code name }
        securities { code name }
        facilities { code name }
        storageSpaces { code name }
        locations { code name }
        conditions { code name }
        otherConditions { code name }
      }
      imageGroup {
        gaikanUrl
        madoriUrl
        allUrls {
          imageType
          label
          url
        }
      }
      marketRent {
        scope
        median
        sampleSize
        difference
        differenceRate
        lowerDecile
        lowerQuartile
        upperQuartile
        upperDecile
      }
      initialCost {
        total
        shikikin
        reikin
        firstMonth
        agentFee
        guaranteeFee
        keyExchange
      }
      building {
        key
        name
        totalUnits
        vacancies {
          globalKey
          floor
          plan
          area
          chinryou
        }
      }
      company {
        id
        key
        companyName
        clientName
        tel
        address
        access
        holiday
        openTime
        licenseNumber
        association
        isLaterPaymentAvailable
        reviews(first: 3) {
          count
          averageRating
        }
      }
      recommendations(limit: 6) {
        ...DetailListingCard
        imageGroup {
          gaikanUrl
        }
        marketRent {
          difference
          differenceRate
        }
      }
    }
  }
  ${LISTING_CARD_FRAGMENT}
`;

/** BUKKEN_DETAIL's variables for the detail route's parameters (the page's render and its pageQueries). */
export const bukkenDetailVariables = (params: Record<string, string>): DetailBukkenQueryVariables => ({ globalKey: params.id ?? '' });
