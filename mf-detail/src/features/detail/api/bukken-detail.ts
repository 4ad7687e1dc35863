import { gql } from '@apollo/client';
import { LISTING_CARD_FRAGMENT, type ListingCardData } from '../../listing/api/listing-card-fragment.js';

export const BUKKEN_DETAIL = gql`
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
          url
        }
      }
      marketRent {
        scope
        median
        sampleSize
        difference
        differenceRate
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
      }
      favorited
      viewed
    }
  }
  ${LISTING_CARD_FRAGMENT}
`;

export type ConditionGroup = 'airConditionings' | 'baths' | 'kitchens' | 'securities' | 'facilities' | 'storageSpaces' | 'locations' | 'conditions' | 'otherConditions';

interface Named {
  code: number;
  name: string;
}

export interface BukkenDetailData {
  bukken: {
    globalKey: string;
    name: string;
    address: string;
    chinryou: number;
    kanriKyoeki: number;
    shikikin: number;
    shikikinMonths: number;
    reikin: number;
    reikinMonths: number;
    shikirei0: boolean;
    plan: string;
    planDetail: string;
    area: number;
    floor: number;
    roomNum: string | null;
    aspect: string;
    floorBuilding: number;
    builtDate: string;
    builtAge: number;
    arrivedAt: string;
    viewCount: number;
    exclamation: string | null;
    highlyRecommended: boolean;
    typeName: string;
    struct: string;
    prText: string;
    archived: boolean;
    archivedAt: string | null;
    traffics: { text: string }[];
    /** Null when the search subgraph (which names the conditions) could not answer. */
    conditionCodes: Record<ConditionGroup, Named[]> | null;
    imageGroup: { gaikanUrl: string; madoriUrl: string; allUrls: { imageType: string; url: string }[] };
    marketRent: { scope: 'STATION' | 'CITY'; median: number; sampleSize: number; difference: number; differenceRate: number } | null;
    initialCost: { total: number; shikikin: number; reikin: number; firstMonth: number; agentFee: number; guaranteeFee: number; keyExchange: number };
    building: { key: string; name: string; totalUnits: number };
    /** Null when the company subgraph could not answer: the page shows a notice in the card's place. */
    company: {
      id: string;
      key: string;
      companyName: string;
      clientName: string;
      tel: string;
      address: string;
      access: string;
      holiday: string;
      openTime: string;
      licenseNumber: string;
      association: string;
      isLaterPaymentAvailable: boolean;
      reviews: { count: number; averageRating: number | null };
    } | null;
    recommendations: (ListingCardData & { imageGroup: { gaikanUrl: string } })[];
    /** Null (as false) when the user subgraph could not answer. */
    favorited: boolean | null;
    viewed: boolean | null;
  };
}
