import { gql, type TypedDocumentNode } from '@apollo/client';
import type { DetailCompanyQuery, DetailCompanyQueryVariables } from '../../../__generated__/operations.js';
import { LISTING_CARD_FRAGMENT } from '../../listing/index.js';

export const COMPANY_DETAIL: TypedDocumentNode<DetailCompanyQuery, DetailCompanyQueryVariables> = gql`
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
