import { parseSearch, searchArgsOf } from './search-args.js';

describe('parseSearch', () => {
  it('maps a city route with conditions to searchBukkens arguments', () => {
    const parsed = parseSearch(
      'search.city',
      { prefecturePath: 'tokyo', cityCode: '13113' },
      '?chinryou_max=100000&plan_min=1K&plan_max=1LDK&no_reikin=true&no_shikikin=1&other=201,&other=&sort=chinryou_asc&page=2',
    );
    expect(parsed).toMatchObject({
      ok: true,
      args: {
        page: 2,
        perPage: 30,
        sort: 'chinryou_asc',
        prefecturePath: 'tokyo',
        cityCodes: [13113],
        searchCondition: { chinryou: { max: 100000, noReikin: 'true' }, plans: { min: '1K', max: '1LDK' }, other: ['201'] },
      },
    });
  });

  it('reads the station route and free words', () => {
    expect(parseSearch('search.station', { prefecturePath: 'tokyo', lineCode: '11302', stationCode: '1130205' }, '')).toMatchObject({
      ok: true,
      args: { stationCodes: [1130205], prefecturePath: 'tokyo' },
    });
    expect(parseSearch('search.words', {}, '?q=%E6%B8%8B%E8%B0%B7')).toMatchObject({ ok: true, args: { searchCondition: { word: '渋谷' } } });
  });

  it('rejects a malformed page or sort (SPEC §5: a valid key plus asc or desc)', () => {
    expect(parseSearch('search.results', {}, '?page=abc')).toEqual({ ok: false, reason: 'page' });
    expect(parseSearch('search.results', {}, '?sort=price_up')).toEqual({ ok: false, reason: 'sort' });
    expect(parseSearch('search.results', {}, '?page=0')).toEqual({ ok: false, reason: 'page' });
    expect(parseSearch('search.results', {}, '?sort=walk_min_for_sort_asc')).toMatchObject({ ok: true, args: { sort: 'walk_min_for_sort_asc' } });
    expect(parseSearch('search.results', {}, '?sort=chinryou_sideways')).toEqual({ ok: false, reason: 'sort' });
  });

  it('rejects codes that are not numbers and amounts that are negative or not numbers, and ignores empty ones', () => {
    expect(parseSearch('search.results', {}, '?city=abc')).toEqual({ ok: false, reason: 'city' });
    expect(parseSearch('search.results', {}, '?station=1130205,x')).toEqual({ ok: false, reason: 'station' });
    expect(parseSearch('search.results', {}, '?line=-1')).toEqual({ ok: false, reason: 'line' });
    expect(parseSearch('search.results', {}, '?town=1.5')).toEqual({ ok: false, reason: 'town' });
    expect(parseSearch('search.city', { prefecturePath: 'tokyo', cityCode: '13113' }, '?chinryou_min=-5')).toEqual({ ok: false, reason: 'chinryou_min' });
    expect(parseSearch('search.results', {}, '?chinryou_max=10%E4%B8%87')).toEqual({ ok: false, reason: 'chinryou_max' });
    expect(parseSearch('search.results', {}, '?area_min=Infinity')).toEqual({ ok: false, reason: 'area_min' });
    expect(parseSearch('search.results', {}, '?walk_min=-3')).toEqual({ ok: false, reason: 'walk_min' });
    expect(parseSearch('search.results', {}, '?built_year=new')).toEqual({ ok: false, reason: 'built_year' });
    expect(parseSearch('search.results', {}, '?city=&city=13101,&chinryou_min=&area_max=40.5')).toMatchObject({
      ok: true,
      args: { page: 1, perPage: 30, cityCodes: [13101], searchCondition: { area: { max: 40.5 } } },
    });
  });

  it('sends every station, city, line and town of the URL, and the commute destinations, to searchBukkens', () => {
    const parsed = parseSearch('search.results', {}, '?prefecture=tokyo&station=1130205&station=1130208&line=11302&city=13101&town=7&commute=2800101_45_1');
    expect(parsed.ok && parsed.args).toEqual({
      page: 1,
      perPage: 30,
      prefecturePath: 'tokyo',
      cityCodes: [13101],
      townCodes: [7],
      lineCodes: [11302],
      stationCodes: [1130205, 1130208],
      destinationStations: [{ stationCode: 2800101, maxMinutes: 45, maxTransfers: 1 }],
    });
  });

  it('asks for the station page’s station on every line, and the town page’s town alone, as those pages always did', () => {
    expect(searchArgsOf({ prefecturePath: 'tokyo', lineCodes: [11302], stationCodes: [1130205] })).toEqual({
      page: 1,
      perPage: 30,
      prefecturePath: 'tokyo',
      stationCodes: [1130205],
    });
    expect(searchArgsOf({ prefecturePath: 'tokyo', cityCodes: [13101], townCodes: [7], page: 3 })).toEqual({
      page: 3,
      perPage: 30,
      prefecturePath: 'tokyo',
      townCodes: [7],
    });
  });
});
