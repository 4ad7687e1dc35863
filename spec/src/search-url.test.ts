import fc from 'fast-check';
import { PREFECTURE_PATHS } from './prefectures.js';
import { BUILDING_TYPES } from './search-master.js';
import {
  MAX_COMMUTE_DESTINATIONS,
  SEARCH_PARAM,
  parseSearchHref,
  parseSearchUrl,
  searchMapUrlOf,
  searchUrlOf,
  type SearchConditionValues,
  type SearchUrlCondition,
} from './search-url.js';
import { DEFAULT_SORT, SORT_KEYS } from './sort.js';

// ---- generators: any valid condition ------------------------------------------------------------

const code = fc.integer({ min: 0, max: 999_999_999 });
const codes = fc.uniqueArray(code, { minLength: 1, maxLength: 4 });
/** Words as visitors type them: kana, kanji, latin, digits, symbols that need escaping; trimmed, not empty. */
const word = fc
  .string({ unit: fc.constantFrom(...'新宿しんじゅくｼﾝｼﾞｭｸ shinjuku1LDK&=?#%+,/　'.split('')), minLength: 1, maxLength: 12 })
  .map((s) => s.trim())
  .filter((s) => s !== '');
const slug = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,15}$/);
const amount = fc.integer({ min: 0, max: 99_999_999 });
/** Areas with decimals, as m² bounds are (25.5). */
const area = fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10);
const plan = fc.constantFrom('1R', '1K', '1DK', '1LDK', '2LDK', '4LDK+');

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Drops the keys whose value is undefined and objects left empty: a condition has no absent-but-present keys. */
const compact = <T extends object>(o: T): T | undefined => {
  const entries = Object.entries(o).filter(([, v]) => v !== undefined);
  return entries.length ? (Object.fromEntries(entries) as T) : undefined;
};

const searchCondition: fc.Arbitrary<SearchConditionValues | undefined> = fc
  .record({
    buildingTypes: opt(fc.uniqueArray(fc.constantFrom(...BUILDING_TYPES.map((t) => t.key)), { minLength: 1 })),
    chinryou: opt(
      fc
        .record({
          min: opt(amount),
          max: opt(amount),
          includeKanrihi: opt(fc.constant(true as const)),
          noReikin: opt(fc.constant('true' as const)),
          noShikikin: opt(fc.constant('true' as const)),
        })
        .map(compact),
    ),
    plans: opt(fc.record({ min: opt(plan), max: opt(plan) }).map(compact)),
    area: opt(fc.record({ min: opt(area), max: opt(area) }).map(compact)),
    walkMin: opt(fc.integer({ min: 0, max: 60 })),
    builtYear: opt(fc.integer({ min: 0, max: 100 })),
    other: opt(fc.uniqueArray(fc.integer({ min: 1, max: 99_999 }).map(String), { minLength: 1, maxLength: 5 })),
    word: opt(word),
  })
  .map(compact);

const destination = fc.record({
  stationCode: code,
  maxMinutes: fc.integer({ min: 1, max: 9999 }),
  maxTransfers: opt(fc.integer({ min: 0, max: 99 })),
});

/** Any valid condition: several prefectures' places, path-shaped or not, up to three commute destinations, every SPEC §3 value. */
const condition: fc.Arbitrary<SearchUrlCondition> = fc
  .record({
    prefecturePath: opt(fc.oneof(fc.constantFrom(...PREFECTURE_PATHS), word)),
    cityCodes: opt(
      fc.oneof(
        codes,
        code.map((c) => [c]),
      ),
    ),
    townCodes: opt(
      fc.oneof(
        codes,
        code.map((c) => [c]),
      ),
    ),
    lineCodes: opt(
      fc.oneof(
        codes,
        code.map((c) => [c]),
      ),
    ),
    stationCodes: opt(
      fc.oneof(
        codes,
        code.map((c) => [c]),
      ),
    ),
    specialName: opt(fc.oneof(slug, word)),
    instituteCampusId: opt(code),
    destinationStations: opt(
      fc.array(
        destination.map((d) => compact(d)!),
        { minLength: 1, maxLength: MAX_COMMUTE_DESTINATIONS },
      ),
    ),
    searchCondition,
    sort: opt(
      fc
        .tuple(fc.constantFrom(...SORT_KEYS), fc.constantFrom('asc', 'desc'))
        .map(([k, d]) => `${k}_${d}`)
        .filter((s) => s !== DEFAULT_SORT),
    ),
    page: opt(fc.integer({ min: 2, max: 99_999 })),
  })
  .map((c) => compact(c) ?? {});

/** Query strings as people and old links write them: known and unknown keys, empty and repeated entries, odd spellings. */
const PARAM_NAMES = [...Object.values(SEARCH_PARAM), 'pref', 'topic', 'dest', 'include_kanrihi', 'utm_source', 'foo'];
const messyValue = fc.oneof(
  fc.constant(''),
  code.map(String),
  fc.constantFrom('true', '1', 'mansion', 'terrace', 'chinryou_asc', 'arrived_at_desc', '1LDK', '13101,13102,', '1130205_30', '1130205_30_1', '9-20'),
  word,
);
const messyQuery = fc.array(fc.tuple(fc.constantFrom(...PARAM_NAMES), messyValue), { maxLength: 12 }).map((e) => `?${new URLSearchParams(e).toString()}`);

/** The route a URL made by searchUrlOf is matched to, read back as the shell would. */
const readBack = (url: string) => parseSearchHref(url);

// ---- properties ---------------------------------------------------------------------------------

describe('search condition ⇄ URL (property)', () => {
  it('any valid condition → URL → condition is the identity', () => {
    fc.assert(
      fc.property(condition, (c) => {
        expect(readBack(searchUrlOf(c))).toEqual({ ok: true, condition: c });
      }),
      { numRuns: 2000 },
    );
  });

  it('the map URL of any condition reads back as the same condition, without its order, page and campus', () => {
    fc.assert(
      fc.property(condition, (c) => {
        const url = searchMapUrlOf(c);
        expect(url.startsWith('/search/map')).toBe(true);
        const { sort: _sort, page: _page, instituteCampusId: _campus, ...rest } = c;
        const [, query = ''] = url.split('?');
        expect(parseSearchUrl('search.map', {}, query ? `?${query}` : '')).toEqual({ ok: true, condition: rest });
      }),
      { numRuns: 500 },
    );
  });

  it('URL → condition → URL is canonical: a fixed point, keys in the one order, no empty parameter', () => {
    const order: string[] = Object.values(SEARCH_PARAM);
    fc.assert(
      fc.property(messyQuery, fc.constantFrom('search.results', 'search.words'), (search, route) => {
        const first = parseSearchUrl(route, {}, search);
        fc.pre(first.ok);
        if (!first.ok) return;
        const url = searchUrlOf(first.condition);
        const again = readBack(url);
        expect(again).toEqual(first);
        if (again.ok) expect(searchUrlOf(again.condition)).toBe(url);
        const keys = [...new URL(url, 'https://sumika.example').searchParams.entries()];
        expect(keys.every(([, v]) => v !== '')).toBe(true);
        const positions = keys.map(([k]) => order.indexOf(k));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes only paths a results route matches', () => {
    fc.assert(
      fc.property(condition, (c) => {
        const url = searchUrlOf(c);
        const path = url.split('?')[0] ?? '';
        expect(path).toMatch(/^\/search\/(results|words|campus\/\d+|[a-z0-9_-]+\/(city\/\d+(\/town\/\d+|\/topic\/[a-z0-9_-]+)?|line\/\d+\/station\/\d+))$/);
      }),
      { numRuns: 500 },
    );
  });
});

// ---- examples -----------------------------------------------------------------------------------

describe('search URLs by example', () => {
  it('writes the most specific page and the rest in order', () => {
    expect(searchUrlOf({ prefecturePath: 'tokyo', cityCodes: [13101] })).toBe('/search/tokyo/city/13101');
    expect(searchUrlOf({ prefecturePath: 'tokyo', cityCodes: [13101], specialName: 'pet' })).toBe('/search/tokyo/city/13101/topic/pet');
    expect(searchUrlOf({ prefecturePath: 'tokyo', cityCodes: [13101], townCodes: [5] })).toBe('/search/tokyo/city/13101/town/5');
    expect(searchUrlOf({ prefecturePath: 'tokyo', lineCodes: [11302], stationCodes: [1130205] })).toBe('/search/tokyo/line/11302/station/1130205');
    expect(searchUrlOf({ searchCondition: { word: '新宿 1LDK' } })).toBe('/search/words?q=%E6%96%B0%E5%AE%BF+1LDK');
    expect(
      searchUrlOf({
        prefecturePath: 'tokyo',
        stationCodes: [1130205, 1130208],
        destinationStations: [
          { stationCode: 1130208, maxMinutes: 30 },
          { stationCode: 2800101, maxMinutes: 45, maxTransfers: 1 },
        ],
        searchCondition: { chinryou: { max: 1_000_000, includeKanrihi: true, noReikin: 'true' }, plans: { min: '1K' }, other: ['201', '301'] },
        sort: 'chinryou_asc',
        page: 2,
      }),
    ).toBe(
      '/search/results?prefecture=tokyo&station=1130205&station=1130208&commute=1130208_30&commute=2800101_45_1&chinryou_max=1000000&kanrihi=1&no_reikin=true&plan_min=1K&other=201&other=301&sort=chinryou_asc&page=2',
    );
  });

  it('reads path and query together: a narrowed city page with another city is a results search', () => {
    expect(parseSearchUrl('search.city', { prefecturePath: 'tokyo', cityCode: '13113' }, '?city=13101&city=13113&chinryou_max=100000')).toEqual({
      ok: true,
      condition: { prefecturePath: 'tokyo', cityCodes: [13113, 13101], searchCondition: { chinryou: { max: 100000 } } },
    });
  });

  it('drops unknown keys, empty entries, the default sort and page 1; no-key-money and no-deposit only when "true"', () => {
    expect(
      parseSearchUrl('search.results', {}, '?utm_source=x&city=&city=13101,&chinryou_min=&no_reikin=1&no_shikikin=true&sort=arrived_at_desc&page=1'),
    ).toEqual({
      ok: true,
      condition: { cityCodes: [13101], searchCondition: { chinryou: { noShikikin: 'true' } } },
    });
  });

  it('reads the spellings saved searches were stored with (pref, topic, include_kanrihi, dest)', () => {
    expect(parseSearchHref('/search/results?pref=osaka&topic=pet&include_kanrihi=true&dest=2800101-40-2')).toEqual({
      ok: true,
      condition: {
        prefecturePath: 'osaka',
        specialName: 'pet',
        destinationStations: [{ stationCode: 2800101, maxMinutes: 40, maxTransfers: 2 }],
        searchCondition: { chinryou: { includeKanrihi: true } },
      },
    });
  });

  it.each([
    ['?page=abc', 'page'],
    ['?page=0', 'page'],
    ['?sort=price_up', 'sort'],
    ['?sort=chinryou_sideways', 'sort'],
    ['?city=abc', 'city'],
    ['?station=1130205,x', 'station'],
    ['?line=-1', 'line'],
    ['?town=1.5', 'town'],
    ['?chinryou_min=-5', 'chinryou_min'],
    ['?chinryou_max=10%E4%B8%87', 'chinryou_max'],
    // rent is a whole number of yen (searchBukkens takes an Int): a fraction is refused, not a 500
    ['?chinryou_max=80000.5', 'chinryou_max'],
    ['?area_min=Infinity', 'area_min'],
    ['?area_max=-1', 'area_max'],
    ['?walk_min=-3', 'walk_min'],
    ['?built_year=new', 'built_year'],
    ['?building_type=castle', 'building_type'],
    ['?building_type=toString', 'building_type'],
    ['?other=201,pet', 'other'],
    ['?commute=1130205', 'commute'],
    ['?commute=1130205_30_1_2', 'commute'],
    ['?commute=abc_30', 'commute'],
    ['?commute=1_10&commute=2_10&commute=3_10&commute=4_10', 'commute'],
  ])('%s is a bad request (reason %s)', (search, reason) => {
    expect(parseSearchUrl('search.results', {}, search)).toEqual({ ok: false, reason });
  });

  it('refuses a path that is no results page', () => {
    expect(parseSearchHref('/search/cities/tokyo')).toEqual({ ok: false, reason: 'path' });
  });
});
