// schema.org JSON-LD for the detail and company pages (issue 17: "JSON-LD where it fits").

/** Rooms a madori counts: '2LDK' → 2, 'ワンルーム' / '1K' → 1; undefined when the plan says nothing. */
export function roomsOfPlan(plan: string): number | undefined {
  if (plan.includes('ワンルーム')) return 1;
  const m = /^([0-9０-９]+)/.exec(plan.normalize('NFKC'));
  return m?.[1] ? Number(m[1]) : undefined;
}

export interface ApartmentLdInput {
  name: string;
  address: string;
  chinryou: number;
  area: number;
  plan: string;
  url: string;
  image?: string | null;
}

/** A listing as schema.org Apartment with its rent as an Offer. */
export function apartmentJsonLd(b: ApartmentLdInput): Record<string, unknown> {
  const rooms = roomsOfPlan(b.plan);
  return {
    '@context': 'https://schema.org',
    '@type': 'Apartment',
    name: b.name,
    url: b.url,
    ...(b.image ? { image: b.image } : {}),
    address: { '@type': 'PostalAddress', streetAddress: b.address, addressCountry: 'JP' },
    floorSize: { '@type': 'QuantitativeValue', value: b.area, unitCode: 'MTK' },
    ...(rooms !== undefined ? { numberOfRooms: rooms } : {}),
    offers: { '@type': 'Offer', price: b.chinryou, priceCurrency: 'JPY', url: b.url },
  };
}

export interface AgentLdInput {
  clientName: string;
  companyName: string;
  address: string;
  tel: string;
  openTime?: string | null;
  url: string;
}

/** A store as schema.org RealEstateAgent; openingHours only when the store gives them. */
export function realEstateAgentJsonLd(c: AgentLdInput): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: c.clientName,
    legalName: c.companyName,
    url: c.url,
    address: { '@type': 'PostalAddress', streetAddress: c.address, addressCountry: 'JP' },
    ...(c.tel ? { telephone: c.tel } : {}),
    ...(c.openTime ? { openingHours: c.openTime } : {}),
  };
}
