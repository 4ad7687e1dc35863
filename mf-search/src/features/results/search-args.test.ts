import { isValidSort, parseSearch, withParams } from './search-args.js';

describe('parseSearch', () => {
  it('maps a city route with conditions to searchBukkens arguments', () => {
    const parsed = parseSearch(
      'search.city',
      { prefecturePath: 'tokyo', cityCode: '13113' },
      '?chinryou_max=100000&plan_min=1K&plan_max=1LDK&no_reikin=true&no_shikikin=1&other=201,&other=&sort=chinryou_asc&page=2',
    );
    expect(parsed).toEqual({
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
    expect(isValidSort('walk_min_for_sort_asc')).toBe(true);
    expect(isValidSort('chinryou_sideways')).toBe(false);
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
    expect(parseSearch('search.results', {}, '?city=&city=13101,&chinryou_min=&area_max=40.5')).toEqual({
      ok: true,
      args: { page: 1, perPage: 30, cityCodes: [13101], searchCondition: { area: { max: 40.5 } } },
    });
  });

  it('changes one parameter of a query string', () => {
    expect(withParams('?q=a&page=3', { page: undefined, sort: 'area_desc' })).toBe('?q=a&sort=area_desc');
  });
});
