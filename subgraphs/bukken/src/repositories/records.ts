import type { ConditionCodesJson } from './db.js';

/** A building as the resolvers see it. */
export interface BuildingRecord {
  id: number;
  key: string;
  name: string;
  nameKana: string;
  buildingType: number;
  struct: string;
  floors: number;
  basementFloors: number;
  /** yyyy-MM-dd */
  builtDate: string;
  prefectureCode: number;
  cityCode: number;
  townCode: number | null;
  address: string;
  lat: number;
  lng: number;
  totalUnits: number;
}

/** A listing (one room) with its building, as the resolvers see it. */
export interface BukkenRecord {
  id: number;
  globalKey: string;
  buildingId: number;
  companyId: number;
  storeId: number;
  /** Empty for detached houses. */
  roomNum: string;
  floor: number;
  plan: string;
  planDetail: string;
  area: number;
  aspect: string;
  chinryou: number;
  kanriKyoeki: number;
  shikikin: number;
  reikin: number;
  shikikinMonths: number;
  reikinMonths: number;
  shikirei0: boolean;
  agentFeeMonths: number;
  guaranteeCompany: boolean;
  conditionCodes: ConditionCodesJson;
  highlyRecommended: boolean;
  exclamation: string | null;
  prText: string;
  arrivedAt: Date;
  viewCount: number;
  archivedAt: Date | null;
  building: BuildingRecord;
}

/** One traffic (交通) line of a listing; seq 1 is the nearest station. */
export interface TrafficRecord {
  bukkenId: number;
  seq: number;
  lineCode: number;
  lineName: string;
  stationCode: number;
  stationGroupCode: number;
  stationName: string;
  distanceM: number;
  walkMin: number;
}
