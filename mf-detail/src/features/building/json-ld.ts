import type { DetailBuildingQuery } from '../../__generated__/operations.js';

type Building = DetailBuildingQuery['building'];

/**
 * The building as schema.org ApartmentComplex: its address, units and the units on the market now.
 * URLs stay relative: the page's origin is the site's.
 */
export function apartmentComplexJsonLd(b: Building, url: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ApartmentComplex',
    name: b.name,
    url,
    ...(b.exteriorUrl ? { image: b.exteriorUrl } : {}),
    address: { '@type': 'PostalAddress', streetAddress: b.address, addressCountry: 'JP' },
    numberOfAccommodationUnits: b.totalUnits,
    numberOfAvailableAccommodationUnits: b.vacancyPlans.reduce((n, p) => n + p.count, 0),
  };
}
