import { gql, type TypedDocumentNode } from '@apollo/client';
import { DEFAULT_SORT, parseSortValue } from '@sumika/spec';
import type { DetailCompanyQuery, DetailCompanyQueryVariables } from '../../../__generated__/operations.js';
import { LISTING_CARD_FRAGMENT } from '../../listing/index.js';

export const COMPANY_DETAIL: TypedDocumentNode<DetailCompanyQuery, DetailCompanyQueryVariables> = gql`
  query DetailCompany($key: String!, $page: Int!, $sort: String!, $perPage: Int!) {
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
        qualification
        comment
      }
      bukkens(sort: $sort, page: $page, perPage: $perPage) {
        bukkenList {
          ...DetailListingCard
          address
          builtAge
          traffics {
            text
          }
          imageGroup {
            gaikanUrl
          }
        }
        count
        page
        totalPages
        sort
      }
    }
  }
  ${LISTING_CARD_FRAGMENT}
`;

/** Listings per page on a store's page. */
export const COMPANY_LISTINGS_PER_PAGE = 20;

/** The sort a store page's query string asks for (a SPEC sort key plus _asc or _desc), the default when absent; null when malformed. */
export function companySortOf(search: string): string | null {
  const asked = new URLSearchParams(search).get('sort');
  if (asked === null || asked === '') return DEFAULT_SORT;
  return parseSortValue(asked) ? asked : null;
}

/** COMPANY_DETAIL's variables for the company route (the page's render and its pageQueries). */
export function companyDetailVariables(params: Record<string, string>, search: string): DetailCompanyQueryVariables {
  const page = Number(params.page ?? 1);
  return {
    key: params.companyKey ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    // A malformed sort is the page's 400 (SPEC §4); the query it would have read asks for the default.
    sort: companySortOf(search) ?? DEFAULT_SORT,
    perPage: COMPANY_LISTINGS_PER_PAGE,
  };
}
