import { EMPTY_CONDITION } from './condition.js';
import { conditionParts, man, placeText, searchConditionTexts } from './text.js';

const names = { conditionName: (c: number) => ({ 601: 'オートロック', 201: 'バス・トイレ別' })[c] };
const place = { prefecture: null, areas: [], lines: [], stations: [], campus: null, commutes: [] };

describe('search condition texts', () => {
  it('writes rents in 万', () => {
    expect([man(50000), man(55000), man(123000), man(5000), man(1_000_000)]).toEqual(['5万', '5.5万', '12.3万', '0.5万', '100万']);
  });

  it('writes the condition summary in a fixed order', () => {
    const c = {
      ...EMPTY_CONDITION,
      rentMin: 50000,
      rentMax: 100000,
      includeKanrihi: true,
      planMin: 2,
      planMax: 4,
      areaMin: 25,
      walkMin: 10,
      builtYear: 10,
      noShikikin: true,
      conditionCodes: [601, 201],
    };
    expect(conditionParts(c, names, null).join(' / ')).toBe(
      '賃料5万〜10万円（管理費込み） / 1K〜1LDK / 25㎡以上 / 駅徒歩10分以内 / 築10年以内 / 敷金なし / オートロック・バス・トイレ別',
    );
    expect(
      conditionParts(
        { ...EMPTY_CONDITION, rentMin: 30000, planMax: 7, areaMin: 20, areaMax: 30.5, buildingTypes: [1, 2], noReikin: true, builtYear: 0, word: '駅近' },
        names,
        'ペット可',
      ),
    ).toEqual(['ペット可', '賃料3万円以上', 'マンション・アパート', '2LDK以下', '20〜30.5㎡', '新築', '礼金なし', 'キーワード「駅近」']);
    expect(conditionParts({ ...EMPTY_CONDITION, planMin: 3, planMax: 3 }, names, null)).toEqual(['1DK']);
  });

  it('writes the place summary', () => {
    expect(placeText({ ...place, prefecture: '東京都', areas: ['渋谷区', '新宿区'] })).toBe('東京都 渋谷区・新宿区');
    expect(placeText({ ...place, lines: ['JR山手線'], stations: ['渋谷', '新宿'] })).toBe('JR山手線 / 渋谷駅・新宿駅');
    expect(
      placeText({
        ...place,
        commutes: [
          { station: '東京', minutes: 45, transfers: null },
          { station: '新宿', minutes: 30, transfers: 0 },
        ],
      }),
    ).toBe('東京駅まで45分以内・新宿駅まで30分以内（乗り換えなし）');
    expect(placeText({ ...place, campus: '早稲田大学 早稲田キャンパス' })).toBe('早稲田大学 早稲田キャンパス周辺');
    expect(placeText(place)).toBe('');
  });

  it('joins both parts, skipping empty ones', () => {
    expect(searchConditionTexts('東京都', ['賃料10万円以下'])).toEqual({
      placeText: '東京都',
      conditionText: '賃料10万円以下',
      searchText: '東京都 / 賃料10万円以下',
    });
    expect(searchConditionTexts('東京都', [])).toEqual({ placeText: '東京都', conditionText: 'こだわり条件なし', searchText: '東京都' });
    expect(searchConditionTexts('', [])).toEqual({ placeText: '', conditionText: 'こだわり条件なし', searchText: 'こだわり条件なし' });
  });
});
