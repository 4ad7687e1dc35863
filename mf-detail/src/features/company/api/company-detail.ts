import { gql } from '@apollo/client';
import { LISTING_CARD_FRAGMENT, type ListingCardData } from '../../listing/api/listing-card-fragment.js';

export const COMPANY_DETAIL = gql`
  query DetailCompany($key: String!, $page: Int!) {
    company(key: $key) {
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
      daihyo
      prText
      establishedYear
      employeesCount
      isLaterPaymentAvailable
      awardYears
      images {
        imageType
        url
      }
      reviews(first: 5) {
        count
        averageRating
        items {
          id
          rating
          title
          body
          reviewer
          visitedOn
        }
      }
      employees {
        id
        name
        position
        yearsOfExperience
        comment
      }
    }
    bukkensByCompany(companyKey: $key, page: $page, perPage: 20) {
      bukkenList {
        ...DetailListingCard
        address
      }
      bukkenTotal {
        count
      }
      pagination {
        currentPage
        totalPages
      }
    }
  }
  ${LISTING_CARD_FRAGMENT}
`;

export interface CompanyDetailData {
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
    daihyo: string;
    prText: string;
    establishedYear: number;
    employeesCount: number;
    isLaterPaymentAvailable: boolean;
    awardYears: number[];
    images: { imageType: string; url: string }[];
    reviews: { count: number; averageRating: number | null; items: { id: string; rating: number; title: string; body: string; reviewer: string; visitedOn: string }[] };
    employees: { id: string; name: string; position: string; yearsOfExperience: number; comment: string }[];
  } | null;
  /** Null when the search subgraph could not answer; an entry is null when the bukken subgraph could not. */
  bukkensByCompany: {
    bukkenList: ((ListingCardData & { address: string }) | null)[];
    bukkenTotal: { count: number };
    pagination: { currentPage: number; totalPages: number };
  } | null;
}
