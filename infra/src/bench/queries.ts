/** The fixed, realistic query mix of the search benchmark: 20 queries in 6 kinds. */
export interface BenchQuery {
  kind: string;
  query: string;
  variables: Record<string, unknown>;
}

const CARD = 'globalKey name chinryou kanriKyoeki plan area traffics { text } imageGroup { gaikanUrl }';
const search = (
  card: string,
) => `query Search($pref: String, $cities: [Int], $lines: [Int], $dest: [DestinationStationInput!], $cond: SearchConditionInput, $sort: String) {
  searchBukkens(prefecturePath: $pref, cityCodes: $cities, lineCodes: $lines, destinationStations: $dest, searchCondition: $cond, sort: $sort, perPage: 30) {
    result { bukkenTotal { count } pagination { totalPages } bukkenList { ${card} } } } }`;
const count = `query Count($pref: String, $cond: SearchConditionInput) { searchBukkensCount(prefecturePath: $pref, searchCondition: $cond) { count } }`;
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
  const cell = (s: number, w: number, n: number, e: number) => ({ kind: 'map-cell', query: mapInfo, variables: { level: 7, s, w, n, e } });
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
    cell(35.68, 139.68, 35.71, 139.72),
    cell(34.68, 135.48, 34.71, 135.52),
    cell(35.44, 139.6, 35.48, 139.65),
    cnt('tokyo', { chinryou: { max: 80_000 } }),
    cnt('kanagawa', { plans: { min: '2LDK', max: '4LDK+' }, walkMin: 10 }),
  ];
}
