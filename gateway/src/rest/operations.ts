/**
 * SPEC §7.2: every /api/v4_1/* path is a fixed GraphQL operation run through the gateway,
 * with the same identity, cookies and errors as /graphql. `pick` shapes the JSON reply.
 */
export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RestOperation {
  method: RestMethod;
  /** Path under /api/v4_1/. */
  path: string;
  query: string;
  /** The reply body from the operation's data; the data itself when absent. */
  pick?: (data: Record<string, unknown>) => unknown;
}

const BUKKEN_CARD = `fragment BukkenCard on Bukken {
  globalKey name address chinryou kanriKyoeki shikikin reikin plan area floor builtDate arrivedAt
  imageGroup { gaikanUrl madoriUrl }
  traffics { lineName stationName walkMin }
}`;

const SEARCH_ARGS_DEFS = `$prefecturePath: String, $cityCodes: [Int], $townCodes: [Int], $gdCityCode: Int, $stationCodes: [Int], $lineCodes: [Int],
  $specialName: String, $instituteCampusId: Int, $destinationStations: [DestinationStationInput!], $searchCondition: SearchConditionInput`;
const SEARCH_ARGS = `prefecturePath: $prefecturePath, cityCodes: $cityCodes, townCodes: $townCodes, gdCityCode: $gdCityCode, stationCodes: $stationCodes,
  lineCodes: $lineCodes, specialName: $specialName, instituteCampusId: $instituteCampusId, destinationStations: $destinationStations, searchCondition: $searchCondition`;
const SAVED_CONDITION = 'id index searchPath searchText prefectureName gdCityName citiesShortName linesStationsName specialName createdAt';
const LAST_CONDITION = 'searchPath searchText conditionText prefectureName gdCityName citiesShortName linesStationsName specialName';

export const REST_OPERATIONS: readonly RestOperation[] = [
  {
    method: 'GET',
    path: 'regions',
    query: 'query RestRegions($grouping: RegionGrouping) { regions(grouping: $grouping) { regions { code name prefectures { code name path } } } }',
  },
  {
    method: 'GET',
    path: 'favorites',
    query: `query RestFavorites { requiredUserData { stockCount { favorite }
      bukken(favorites: true, histories: false, incompleteInquiries: false) { favorites { globalKey addedAt bukken { ...BukkenCard } } } } }
      ${BUKKEN_CARD}`,
    pick: (d) => {
      const user = d.requiredUserData as { stockCount: { favorite: number }; bukken: { favorites: unknown[] } };
      return { favorites: user.bukken.favorites, count: user.stockCount.favorite };
    },
  },
  {
    method: 'POST',
    path: 'favorites',
    query: `mutation RestAddFavorites($globalKeys: [ID!]!, $allowDuplicates: Boolean, $forceCreate: Boolean, $restrictDialog: Boolean) {
      addFavorites(globalKeys: $globalKeys, allowDuplicates: $allowDuplicates, forceCreate: $forceCreate, restrictDialog: $restrictDialog) { addGlobalKeys deleteGlobalKeys saved } }`,
  },
  {
    method: 'DELETE',
    path: 'favorites',
    query: 'mutation RestDeleteFavorites($globalKeys: [ID!]!) { deleteFavorites(globalKeys: $globalKeys) { deleteGlobalKeys saved } }',
  },
  {
    method: 'POST',
    path: 'news_letter_for_list',
    query:
      'mutation RestNewsLetterForList($email: String!, $reviewPeriod: Int) { registerNewsLetterForList(email: $email, reviewPeriod: $reviewPeriod) { reviewPeriod reviewUntil } }',
  },
  {
    method: 'POST',
    path: 'news_letter_for_favorite_history',
    query: `mutation RestNewsLetterForFavoriteHistory($email: String!, $reviewPeriod: Int) {
      registerNewsLetterForFavoriteHistory(email: $email, reviewPeriod: $reviewPeriod) { reviewPeriod reviewUntil } }`,
  },
  {
    method: 'GET',
    path: 'search_condition',
    query: `query RestSearchConditions { user { searchConditions { ${SAVED_CONDITION} } stockCount { search } } }`,
    pick: (d) => {
      const user = d.user as { searchConditions: unknown[]; stockCount: { search: number } };
      return { searchConditions: user.searchConditions, count: user.stockCount.search };
    },
  },
  {
    method: 'POST',
    path: 'search_condition',
    query: `mutation RestCreateSearchCondition(${SEARCH_ARGS_DEFS}) { createSearchCondition(${SEARCH_ARGS}) { rest saved searchCondition { ${SAVED_CONDITION} } } }`,
  },
  {
    method: 'DELETE',
    path: 'search_condition',
    query: 'mutation RestDeleteSearchCondition($deleteIndex: Int, $id: ID) { deleteSearchCondition(deleteIndex: $deleteIndex, id: $id) { status rest } }',
  },
  {
    method: 'GET',
    path: 'search_condition_texts',
    query: `query RestSearchConditionTexts(${SEARCH_ARGS_DEFS}) { searchConditionTexts(${SEARCH_ARGS}) { searchText placeText conditionText } }`,
  },
  {
    method: 'GET',
    path: 'search_parameter',
    query: `query RestSearchParameter($prefecturePath: String, $cityCodes: [Int], $townCodes: [Int], $lineCodes: [Int], $stationCodes: [Int]) {
      searchParameter(prefecturePath: $prefecturePath, cityCodes: $cityCodes, townCodes: $townCodes, lineCodes: $lineCodes, stationCodes: $stationCodes) {
        prefecturePath cityCodes townCodes lineCodes stationCodes } }`,
  },
  {
    method: 'GET',
    path: 'station_suggests',
    query: `query RestStationSuggests($keyword: String!, $prefecturePath: String) {
      stationSuggests(keyword: $keyword, prefecturePath: $prefecturePath) { ekitanCode name kana prefectureName lines { code nickname } } }`,
  },
  {
    method: 'GET',
    path: 'bukkens_total_count',
    query: `query RestBukkensTotalCount(${SEARCH_ARGS_DEFS}) { searchBukkensCount(${SEARCH_ARGS}) { count } }`,
    pick: (d) => ({ bukkenTotal: d.searchBukkensCount }),
  },
  {
    method: 'GET',
    path: 'map_bukkens',
    query: `query RestMapBukkens($geoHex: String, $south: Float, $west: Float, $north: Float, $east: Float, $searchCondition: SearchConditionInput, $limit: Int) {
      mapBukkens(geoHex: $geoHex, south: $south, west: $west, north: $north, east: $east, searchCondition: $searchCondition, limit: $limit) {
        ...BukkenCard latLng { lat lng } } }
      ${BUKKEN_CARD}`,
  },
  {
    method: 'GET',
    path: 'map_info',
    query: `query RestMapInfo($level: Int!, $south: Float!, $west: Float!, $north: Float!, $east: Float!, $searchCondition: SearchConditionInput) {
      mapInfo(level: $level, south: $south, west: $west, north: $north, east: $east, searchCondition: $searchCondition) { geoHex count center { lat lng } } }`,
  },
  {
    method: 'GET',
    path: 'incomplete_bukkens',
    query: `query RestIncompleteBukkens { user { bukken(favorites: false, histories: false, incompleteInquiries: true) {
      incompleteInquiries { globalKey listKind startedAt bukken { ...BukkenCard } } } } }
      ${BUKKEN_CARD}`,
    pick: (d) => ({ incompleteInquiries: (d.user as { bukken: { incompleteInquiries: unknown[] } }).bukken.incompleteInquiries }),
  },
  {
    method: 'DELETE',
    path: 'incomplete_bukkens',
    query: 'mutation RestIncompleteInquiriesDelete($globalKeys: [ID!]!) { incompleteInquiriesDelete(globalKeys: $globalKeys) { success notFound } }',
  },
  {
    method: 'GET',
    path: 'last_search_condition',
    query: `query RestLastSearchCondition { user { lastSearchCondition { ${LAST_CONDITION} } } }`,
    pick: (d) => ({ lastSearchCondition: (d.user as { lastSearchCondition: unknown }).lastSearchCondition }),
  },
  {
    method: 'POST',
    path: 'last_search_condition',
    query: `mutation RestSetLastSearchCondition(${SEARCH_ARGS_DEFS}) { setLastSearchCondition(${SEARCH_ARGS}) { ${LAST_CONDITION} } }`,
  },
  {
    method: 'GET',
    path: 'ab_test',
    query: 'query RestAbTests { abTests { name value forced } }',
  },
  {
    method: 'POST',
    path: 'ab_test',
    query: 'mutation RestSetAbTests($inputs: [AbTestInput!]!, $force: Boolean) { setAbTests(inputs: $inputs, force: $force) { name value forced } }',
  },
  {
    method: 'GET',
    path: 'prefecture_recommend_bukkens',
    query: `query RestPrefectureRecommendBukkens($prefecturePath: String!, $nameType: BukkenNameType, $limit: Int) {
      prefectureRecommendBukkens(prefecturePath: $prefecturePath, nameType: $nameType, limit: $limit) { bukkenList { ...BukkenCard } } }
      ${BUKKEN_CARD}`,
  },
];
