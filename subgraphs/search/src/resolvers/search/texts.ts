import type { Context } from '../../context.js';
import { conditionParts, placeText, searchConditionTexts, type PlaceNames, type SearchConditionTexts } from '../../domain/text.js';
import { townsByCodes } from '../../repositories/listing-master.js';
import { codes, type ResolvedSearch } from './arguments.js';

/** The search's place and conditions as the texts of SPEC §3 (title, headings). */

export async function textsOf(ctx: Pick<Context, 'db'>, r: ResolvedSearch): Promise<SearchConditionTexts> {
  const { master, filter, args } = r;
  const names = (list: number[] | null, of: (c: number) => string | undefined) => (list ?? []).map(of).filter((n): n is string => !!n);
  const areas = names(codes(args.cityCodes, '市区町村'), (c) => master.cities.get(c)?.name);
  if (args.gdCityCode !== null && args.gdCityCode !== undefined) areas.push(...names([args.gdCityCode], (c) => master.cities.get(c)?.name));
  const towns = filter.townCodes ? await townsByCodes(ctx.db, filter.townCodes) : [];
  areas.push(...towns.map((t) => t.name));
  const place: PlaceNames = {
    prefecture: filter.prefectureCode !== null ? (master.prefectures.get(filter.prefectureCode)?.name ?? null) : null,
    areas,
    lines: names(filter.lineCodes, (c) => master.lines.get(c)?.name),
    stations: names(filter.stationGroups, (c) => master.stationGroups.get(c)?.name),
    campus: r.campus ? `${r.campus.instituteName} ${r.campus.campusName}`.trim() : null,
    commutes: r.destinations.map((d) => ({
      station: master.stationGroups.get(d.stationGroupCode)?.name ?? '',
      minutes: d.maxMinutes,
      transfers: d.maxTransfers,
    })),
  };
  const conditions = conditionParts(r.condition, { conditionName: (c) => master.conditions.get(c)?.name }, r.special?.name ?? null);
  return searchConditionTexts(placeText(place), conditions);
}
