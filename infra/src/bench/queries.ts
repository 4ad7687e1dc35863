/**
 * The fixed, realistic query mix of the search benchmark: the 20 queries of 6 kinds measured since
 * 2026-11-21 (map-cell z7 is the former map-cell), a results page's facets, and map cells at every
 * zoom level the API accepts (3–12).
 */
export interface BenchQuery {
  kind: string;
  query: string;
  variables: Record<string, unknown>;
  /**
   * For kinds the search subgraph caches by filter (60 s): a variant of the variables for the n-th
   * request, so every measured request is a new filter and is computed, not answered from the cache.
   */
  vary?: (n: number) => Record<string, unknown>;
}

const CARD = 'globalKey name chinryou kanriKyoeki plan area traffics { text } imageGroup { gaikanUrl }';
const search = (
  card: string,
) => `query Search($pref: String, $cities: [Int], $lines: [Int], $dest: [DestinationStationInput!], $cond: SearchConditionInput, $sort: String) {
  searchBukkens(prefecturePath: $pref, cityCodes: $cities, lineCodes: $lines, destinationStations: $dest, searchCondition: $cond, sort: $sort, perPage: 30) {
    result { bukkenTotal { count } pagination { totalPages } bukkenList { ${card} } } } }`;
const count = `query Count($pref: String, $cond: SearchConditionInput) { searchBukkensCount(prefecturePath: $pref, searchCondition: $cond) { count } }`;
const FACET = 'value count';
const facets = `query Facets($pref: String, $cities: [Int], $lines: [Int], $cond: SearchConditionInput) {
  searchBukkens(prefecturePath: $pref, cityCodes: $cities, lineCodes: $lines, searchCondition: $cond, perPage: 30) { facets {
    rentMax { ${FACET} } plans { ${FACET} } walkMin { ${FACET} } builtYear { ${FACET} } conditions { ${FACET} }
    buildingTypes { ${FACET} } lines { ${FACET} } stations { ${FACET} } cities { ${FACET} } } } }`;
const mapInfo = `query MapInfo($level: Int!, $s: Float!, $w: Float!, $n: Float!, $e: Float!) { mapInfo(level: $level, south: $s, west: $w, north: $n, east: $e) { geoHex count } }`;

/** `card`: the listing fields to select (through the gateway: card fields; on the search subgraph alone: globalKey). */
export function benchQueries(card: 'gateway' | 'subgraph'): BenchQuery[] {
  const q = search(card === 'gateway' ? CARD : 'globalKey');
  const tokyo = (line: number, min: number, max: number, plans: [string, string]) => ({
    kind: 'tokyo-line-rent-plan',
    query: q,
    variables: { pref: 'tokyo', lines: [line], cond: { chinryou: { min, max }, plans: { min: plans[0], max: plans[1] } }, sort: 'chinryou_asc' },
  });
  const osaka = (city: number, other: string[]) => ({ kind: 'osaka-city-conditions', query: q, variables: { pref: 'osaka', cities: [city], cond: { other } } });
  const word = (w: string) => ({ kind: 'free-word', query: q, variables: { cond: { word: w } } });
  const commute = (a: number, am: number, b: number, bm: number) => ({
    kind: 'commute-two-destinations',
    query: q,
    variables: {
      dest: [
        { stationCode: a, maxMinutes: am, maxTransfers: 1 },
        { stationCode: b, maxMinutes: bm, maxTransfers: null },
      ],
    },
  });
  // The three level-7 boxes (about 3 × 4 km), scaled about their centres by 3 per level: a GeoHex cell
  // is a third as wide one level up, so each zoom's box holds about as many cells as at level 7.
  const boxes: [number, number, number, number][] = [
    [35.68, 139.68, 35.71, 139.72],
    [34.68, 135.48, 34.71, 135.52],
    [35.44, 139.6, 35.48, 139.65],
  ];
  const cells = (level: number) =>
    boxes.map(([s, w, n, e]) => {
      const k = 3 ** (7 - level);
      const [lat, lng, dLat, dLng] = [(s + n) / 2, (w + e) / 2, ((n - s) / 2) * k, ((e - w) / 2) * k];
      return { kind: `map-cell z${level}`, query: mapInfo, variables: { level, s: lat - dLat, w: lng - dLng, n: lat + dLat, e: lng + dLng } };
    });
  // A results page's facets (all nine), for the searches above; each request raises the rent floor
  // by a yen so the facets are computed, as for a visitor's new search, not read from the cache.
  const facet = (variables: { cond?: { chinryou?: { min?: number; max?: number } } & Record<string, unknown> } & Record<string, unknown>) => ({
    kind: 'facets',
    query: facets,
    variables,
    vary: (n: number) => {
      const cond = variables.cond ?? {};
      return { ...variables, cond: { ...cond, chinryou: { ...cond.chinryou, min: (cond.chinryou?.min ?? 0) + (n % 10_000) } } };
    },
  });
  const cnt = (pref: string, cond: Record<string, unknown>) => ({ kind: 'count-only', query: count, variables: { pref, cond } });
  return [
    tokyo(11302, 50_000, 120_000, ['1K', '1LDK']),
    tokyo(28001, 60_000, 150_000, ['1K', '2LDK']),
    tokyo(11312, 40_000, 100_000, ['1R', '1DK']),
    tokyo(26001, 70_000, 200_000, ['1LDK', '3LDK']),
    tokyo(24001, 50_000, 90_000, ['1R', '1K']),
    osaka(27128, ['601', '201']),
    osaka(27127, ['201']),
    osaka(27102, ['601', '808']),
    osaka(27106, ['301']),
    word('渋谷'),
    word('中央区 オートロック'),
    word('ハイツ'),
    commute(1130101, 45, 1130208, 40),
    commute(1130205, 30, 1130212, 30),
    commute(1130101, 60, 1130224, 50),
    ...cells(7),
    cnt('tokyo', { chinryou: { max: 80_000 } }),
    cnt('kanagawa', { plans: { min: '2LDK', max: '4LDK+' }, walkMin: 10 }),
    facet({ pref: 'tokyo', lines: [11302], cond: { chinryou: { min: 50_000, max: 120_000 }, plans: { min: '1K', max: '1LDK' } } }),
    facet({ pref: 'tokyo', lines: [28001], cond: { chinryou: { min: 60_000, max: 150_000 }, plans: { min: '1K', max: '2LDK' } } }),
    facet({ pref: 'osaka', cities: [27128], cond: { other: ['601', '201'] } }),
    facet({ pref: 'osaka', cities: [27127], cond: { other: ['201'] } }),
    facet({ pref: 'kanagawa', cond: { walkMin: 10 } }),
    ...[3, 4, 5, 6, 8, 9, 10, 11, 12].flatMap(cells),
  ];
}
