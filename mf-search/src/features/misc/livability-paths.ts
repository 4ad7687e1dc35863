// The livability pages' paths (SPEC §2.1), for the pages that link to them.

/** /livability/{pref}/city/{city}: a city's livability and rents. */
export function cityLivabilityPath(prefecturePath: string, cityCode: number): string {
  return `/livability/${prefecturePath}/city/${cityCode}`;
}

/** /livability/{pref}/city/{city}/reviews: the city's reviews page. */
export function cityReviewsPath(prefecturePath: string, cityCode: number): string {
  return `${cityLivabilityPath(prefecturePath, cityCode)}/reviews`;
}

/** /livability/{pref}/station/{station group}: the livability around a station. */
export function stationLivabilityPath(prefecturePath: string, stationGroupCode: number): string {
  return `/livability/${prefecturePath}/station/${stationGroupCode}`;
}

/** /livability/rent_price/{area}/station/{station group}: the rents around a station by plan. */
export function stationRentPricePath(area: string, stationGroupCode: number): string {
  return `/livability/rent_price/${area}/station/${stationGroupCode}`;
}
