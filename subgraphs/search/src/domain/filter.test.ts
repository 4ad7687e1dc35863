import { bigrams, normaliseWord, readingKey } from '@sumika/domain';
import { EMPTY_CONDITION } from './condition.js';
import { classifyWord, japanYear, splitTerms, withoutDimension, type ListingFilter, type WordLookup } from './filter.js';

const lookup: WordLookup = {
  stations: new Map([
    ['渋谷', [1130205]],
    ['しぶや', [1130205]],
  ]),
  cities: new Map([
    ['渋谷区', { cityCodes: [13113], gdCityCodes: [], prefectureCodes: [13] }],
    ['横浜市', { cityCodes: [14101, 14102], gdCityCodes: [], prefectureCodes: [14] }],
  ]),
  lines: new Map([['山手線', [11302, 99646]]]),
  stationReadings: new Map([
    ['しぶや', [1130205]],
    ['しんじゅく', [1130208]],
    ['ときょ', [1130101]],
  ]),
  cityReadings: new Map([['みなと', { cityCodes: [13103], gdCityCodes: [], prefectureCodes: [13] }]]),
  conditions: new Map([
    [normaliseWord('オートロック'), 3102],
    [normaliseWord('ペット相談'), 2201],
  ]),
};

describe('free words', () => {
  it('splits on half and full width spaces', () => {
    expect(splitTerms(' 渋谷　駅近  ペット ')).toEqual(['渋谷', '駅近', 'ペット']);
  });

  it('maps station, city and line names like the pickers, the rest to bigrams', () => {
    expect(classifyWord('渋谷駅 ｼﾌﾞﾔ 横浜市 山手線 パークハイツ', lookup)).toEqual([
      { kind: 'station', term: '渋谷駅', groups: [1130205] },
      { kind: 'station', term: 'シブヤ', groups: [1130205] },
      { kind: 'city', term: '横浜市', city: { cityCodes: [14101, 14102], gdCityCodes: [], prefectureCodes: [14] } },
      { kind: 'line', term: '山手線', lines: [11302, 99646] },
      { kind: 'words', term: 'パークハイツ', bigrams: bigrams(['パークハイツ']) },
    ]);
    expect(classifyWord('渋谷区', lookup)[0]).toMatchObject({ kind: 'city' });
    expect(classifyWord('駅', lookup)[0]).toMatchObject({ kind: 'words', bigrams: ['駅'] });
    expect(classifyWord('！？', lookup)).toEqual([]);
  });

  it('reads romaji and kana loosely (Hepburn or kunrei, long vowels or not) as station or city names', () => {
    for (const word of ['shinjuku', 'SINZYUKU', 'ｼﾝｼﾞｭｸ'])
      expect(classifyWord(word, lookup)).toEqual([{ kind: 'station', term: word.normalize('NFKC'), groups: [1130208] }]);
    for (const word of ['tokyo', 'toukyou', 'とうきょう']) expect(classifyWord(word, lookup)[0]).toMatchObject({ kind: 'station', groups: [1130101] });
    expect(classifyWord('minato', lookup)[0]).toMatchObject({ kind: 'city', city: { cityCodes: [13103] } });
    expect(classifyWord('shinjukuhaitsu', lookup)[0]).toMatchObject({ kind: 'words' });
  });

  it('takes a madori or a condition name as the condition it names', () => {
    expect(classifyWord('shinjuku １ＬＤＫ オートロック', lookup)).toEqual([
      { kind: 'station', term: 'shinjuku', groups: [1130208] },
      { kind: 'plan', term: '1LDK', plan: 4 },
      { kind: 'condition', term: 'オートロック', code: 3102 },
    ]);
    expect(classifyWord('ペット 相談', lookup).map((t) => t.kind)).toEqual(['words', 'words']);
  });
});

describe('readingKey', () => {
  it.each([
    ['shinjuku', 'しんじゅく'],
    ['ｼﾝｼﾞｭｸ', 'しんじゅく'],
    ['シンジュク', 'しんじゅく'],
    ['tokyo', 'ときょ'],
    ['とうきょう', 'ときょ'],
    ['osaka', 'おさか'],
    ['おおさか', 'おさか'],
    ['shimbashi', 'しんばし'],
    ['shin-osaka', 'しんおさか'],
    ['しんおおさか', 'しんおさか'],
    ['kichijoji', 'きちじょじ'],
    ['センター', 'せんた'],
    ['新宿', ''],
    ['1LDK', ''],
    ['hello world', ''],
  ])('%s → %s', (text, key) => expect(readingKey(text)).toBe(key));
});

describe('facet dimensions', () => {
  const f: ListingFilter = {
    archived: false,
    prefectureCode: 13,
    city: { cityCodes: [13113], gdCityCodes: [], prefectureCodes: [13] },
    townCodes: null,
    stationGroups: [1],
    lineCodes: [2],
    stationSets: [[3]],
    lineSets: [[4]],
    citySets: [],
    special: null,
    words: [],
    storeId: null,
    condition: { ...EMPTY_CONDITION, rentMin: 1, rentMax: 9, planMin: 2, planMax: 4, walkMin: 5, builtYear: 10, buildingTypes: [1], conditionCodes: [601] },
    currentYear: 2026,
    bbox: null,
  };

  it('drops only the dimension’s own choice', () => {
    expect(withoutDimension(f, 'rentMax').condition).toMatchObject({ rentMin: 1, rentMax: null, planMin: 2 });
    expect(withoutDimension(f, 'plans').condition).toMatchObject({ planMin: null, planMax: null, rentMax: 9 });
    expect(withoutDimension(f, 'lines')).toMatchObject({ lineCodes: null, lineSets: [[4]], stationGroups: [1] });
    expect(withoutDimension(f, 'stations')).toMatchObject({ stationGroups: null, stationSets: [[3]] });
    expect(withoutDimension(f, 'cities').city).toBeNull();
    expect(withoutDimension(f, 'conditions')).toBe(f);
    expect(f.condition.rentMax).toBe(9);
  });

  it('counts years in Japan time', () => {
    expect(japanYear(new Date('2026-12-31T15:30:00Z'))).toBe(2027);
    expect(japanYear(new Date('2026-12-31T14:30:00Z'))).toBe(2026);
  });
});
