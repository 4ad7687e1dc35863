import type { DetailCompanyQuery } from '../../__generated__/operations.js';
import { realEstateAgentJsonLd } from '../detail/index.js';

type Company = NonNullable<DetailCompanyQuery['company']>;

/**
 * The store as schema.org RealEstateAgent (the detail feature's builder) with its storefront and,
 * when it has reviews, their rating. URLs stay relative: the page's origin is the site's.
 */
export function storeJsonLd(c: Company, url: string, image: string | undefined): Record<string, unknown> {
  return {
    ...realEstateAgentJsonLd({ clientName: c.clientName, companyName: c.companyName, address: c.address, tel: c.tel, openTime: c.openTime, url }),
    ...(image ? { image } : {}),
    ...(c.reviews.count > 0 && c.reviews.averageRating !== null
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: c.reviews.averageRating, reviewCount: c.reviews.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}
