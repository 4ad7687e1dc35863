import { AppError } from '@sumika/server-kit';
import { isEmptySearch, normaliseSearchArgs, searchArgsKey, type SearchArgs, type SearchArgsInput } from './search-args.js';
import { searchArgsFromPath, searchPathOf } from './search-path.js';

const CASES: [string, SearchArgsInput, string][] = [
  [
    'one city with a rent cap',
    { prefecturePath: 'tokyo', cityCodes: [13101], searchCondition: { chinryou: { max: 80000 } } },
    '/search/tokyo/city/13101?chinryou_max=80000',
  ],
  ['one city with a topic', { prefecturePath: 'osaka', cityCodes: [27127], specialName: 'pet' }, '/search/osaka/city/27127/topic/pet'],
  ['one town', { prefecturePath: 'tokyo', cityCodes: [13113], townCodes: [131130001] }, '/search/tokyo/city/13113/town/131130001'],
  [
    'one station',
    { prefecturePath: 'tokyo', lineCodes: [11302], stationCodes: [1130205], searchCondition: { walkMin: 10 } },
    '/search/tokyo/line/11302/station/1130205?walk_min=10',
  ],
  ['a campus', { instituteCampusId: 12, searchCondition: { plans: { min: '1K', max: '1LDK' } } }, '/search/campus/12?plan_min=1K&plan_max=1LDK'],
  ['a free word', { searchCondition: { word: '渋谷 ペット' } }, '/search/words?q=%E6%B8%8B%E8%B0%B7+%E3%83%9A%E3%83%83%E3%83%88'],
  ['several cities', { prefecturePath: 'tokyo', cityCodes: [13104, 13101] }, '/search/results?pref=tokyo&city=13104&city=13101'],
  [
    'everything at once',
    {
      prefecturePath: 'kanagawa',
      cityCodes: [14101, 14102],
      townCodes: [141010001],
      gdCityCode: 14100,
      stationCodes: [1, 2],
      lineCodes: [3],
      specialName: 'new',
      destinationStations: [
        { stationCode: 1130208, maxMinutes: 30 },
        { stationCode: 1130101, maxMinutes: 45, maxTransfers: 1 },
      ],
      searchCondition: {
        buildingTypes: ['mansion', 'apartment'],
        chinryou: { min: 50000, max: 100000, includeKanrihi: true, noReikin: 'true', noShikikin: 'true' },
        plans: { min: '1R', max: '2LDK' },
        area: { min: 20.5, max: 40 },
        walkMin: 7,
        builtYear: 10,
        other: ['12', '3'],
        word: 'オートロック',
      },
    },
    '/search/results?pref=kanagawa&city=14101&city=14102&town=141010001&gd_city=14100&line=3&station=1&station=2&topic=new&dest=1130208-30&dest=1130101-45-1' +
      '&building_type=mansion&building_type=apartment&chinryou_min=50000&chinryou_max=100000&include_kanrihi=true&no_reikin=true&no_shikikin=true' +
      '&plan_min=1R&plan_max=2LDK&area_min=20.5&area_max=40&walk_min=7&built_year=10&other=12&other=3&q=%E3%82%AA%E3%83%BC%E3%83%88%E3%83%AD%E3%83%83%E3%82%AF',
  ],
  ['a commute only', { destinationStations: [{ stationCode: 1130208, maxMinutes: 30, maxTransfers: 0 }] }, '/search/results?dest=1130208-30-0'],
];

describe('search paths', () => {
  it.each(CASES)('%s renders to its route and parses back to the same arguments', (_name, input, expected) => {
    const args = normaliseSearchArgs(input);
    expect(searchPathOf(args)).toBe(expected);
    expect(searchArgsFromPath(expected)).toEqual(args);
  });

  it('normalises what SPEC §5 says: unknown kinds and empty entries dropped, reikin/shikikin only for "true"', () => {
    const args = normaliseSearchArgs({
      prefecturePath: ' tokyo ',
      cityCodes: [13101, null, 13101],
      lineCodes: [],
      specialName: '  ',
      searchCondition: {
        buildingTypes: ['mansion', 'castle', null, ''],
        chinryou: { min: null, max: 90000, includeKanrihi: false, noReikin: 'false', noShikikin: 'true' },
        plans: { min: '', max: null },
        other: ['', '7', null, 'x', '7'],
        word: '  ',
      },
    });
    expect(args).toEqual({
      prefecturePath: 'tokyo',
      cityCodes: [13101],
      searchCondition: { buildingTypes: ['mansion'], chinryou: { max: 90000, noShikikin: 'true' }, other: ['7'] },
    });
    expect(isEmptySearch(normaliseSearchArgs({ cityCodes: [null], searchCondition: { other: [''] } }))).toBe(true);
  });

  it("drops a building type named like an object's own machinery, so the saved search's URL still parses", () => {
    const args = normaliseSearchArgs({ prefecturePath: 'tokyo', searchCondition: { buildingTypes: ['constructor', '__proto__', 'toString', 'house'] } });
    expect(args.searchCondition?.buildingTypes).toEqual(['house']);
    expect(searchArgsFromPath(searchPathOf(args))).toEqual(args);
  });

  it('rejects shapes the search would reject with BAD_REQUEST', () => {
    const bad: SearchArgsInput[] = [
      { prefecturePath: 'atlantis' },
      { cityCodes: [-1] },
      { cityCodes: [1.5] },
      { searchCondition: { chinryou: { min: 90000, max: 50000 } } },
      { searchCondition: { area: { min: -1 } } },
      { searchCondition: { word: 'あ'.repeat(101) } },
      { destinationStations: Array.from({ length: 6 }, (_, i) => ({ stationCode: i + 1, maxMinutes: 30 })) },
      { cityCodes: Array.from({ length: 501 }, (_, i) => i + 1) },
    ];
    for (const input of bad) {
      let err: unknown;
      try {
        normaliseSearchArgs(input);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('BAD_REQUEST');
    }
  });

  it('rejects URLs it cannot read', () => {
    for (const url of ['/bukken/detail/bk000000001', '/search/results?city=abc', '/search/results?dest=1', '/search/results?chinryou_max=']) {
      expect(() => searchArgsFromPath(url)).toThrow(AppError);
    }
  });

  it('keys identical searches alike whatever the order of codes, and different searches apart', () => {
    const a: SearchArgs = normaliseSearchArgs({ prefecturePath: 'tokyo', cityCodes: [13101, 13104], searchCondition: { other: ['3', '12'] } });
    const b: SearchArgs = normaliseSearchArgs({ searchCondition: { other: ['12', '3'] }, cityCodes: [13104, 13101], prefecturePath: 'tokyo' });
    const c: SearchArgs = normaliseSearchArgs({ prefecturePath: 'tokyo', cityCodes: [13101] });
    expect(searchArgsKey(a)).toBe(searchArgsKey(b));
    expect(searchArgsKey(a)).not.toBe(searchArgsKey(c));
  });
});
