import type { AlertSource } from '../alerts/source.js';
import type { SearchArgs } from '../domain/search-args.js';
import { gatewayClient, type GraphQLRequester } from './client.js';

/** The bukken subgraph's `bukkens(globalKeys)` answers at most this many keys per call. */
const RENT_BATCH = 100;
const PER_PAGE = 100;
/** New listings are counted over at most this many pages; beyond that the count is a lower bound. */
const MAX_PAGES = 5;
const SAMPLE_KEYS = 10;

const RENTS = `query AlertRents($keys: [ID!]!) { bukkens(globalKeys: $keys) { globalKey chinryou archived } }`;

const NEWEST = `query AlertNewListings($page: Int, $perPage: Int, $prefecturePath: String, $cityCodes: [Int], $townCodes: [Int], $gdCityCode: Int,
  $stationCodes: [Int], $lineCodes: [Int], $specialName: String, $instituteCampusId: Int, $destinationStations: [DestinationStationInput!],
  $searchCondition: SearchConditionInput) {
  searchBukkens(page: $page, perPage: $perPage, sort: "arrived_at_desc", prefecturePath: $prefecturePath, cityCodes: $cityCodes, townCodes: $townCodes,
    gdCityCode: $gdCityCode, stationCodes: $stationCodes, lineCodes: $lineCodes, specialName: $specialName, instituteCampusId: $instituteCampusId,
    destinationStations: $destinationStations, searchCondition: $searchCondition) {
    result { bukkenList { globalKey arrivedAt } pagination { nextPage } }
  }
}`;

interface RentsResult {
  bukkens: ({ globalKey: string; chinryou: number; archived: boolean } | null)[];
}

interface NewestResult {
  searchBukkens: { result: { bukkenList: { globalKey: string; arrivedAt: string }[]; pagination: { nextPage: number | null } } };
}

/** The production AlertSource: the bukken and search subgraphs, through the gateway. */
export function gatewayAlertSource(request: GraphQLRequester = gatewayClient({ timeoutMs: 15_000 })): AlertSource {
  return {
    async currentRents(globalKeys) {
      const out = new Map<string, number | null>();
      for (let i = 0; i < globalKeys.length; i += RENT_BATCH) {
        const keys = globalKeys.slice(i, i + RENT_BATCH);
        const r = await request<RentsResult>(RENTS, { keys });
        keys.forEach((k, j) => {
          const b = r.bukkens[j];
          out.set(k, b && !b.archived ? b.chinryou : null);
        });
      }
      return out;
    },
    async newListings(args: SearchArgs, since: Date, until?: Date) {
      let count = 0;
      const globalKeys: string[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const r = await request<NewestResult>(NEWEST, { ...args, page, perPage: PER_PAGE });
        const list = r.searchBukkens.result.bukkenList;
        const older = list.some((b) => Date.parse(b.arrivedAt) <= since.getTime());
        const fresh = list.filter((b) => {
          const at = Date.parse(b.arrivedAt);
          return at > since.getTime() && (!until || at <= until.getTime());
        });
        count += fresh.length;
        for (const b of fresh) if (globalKeys.length < SAMPLE_KEYS) globalKeys.push(b.globalKey);
        // Newest first: once a page holds an older listing, later pages hold only older ones.
        if (older || !r.searchBukkens.result.pagination.nextPage) break;
      }
      return { count, globalKeys };
    },
  };
}
