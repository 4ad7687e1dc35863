import { AppError } from '@sumika/server-kit';
import { EMPTY_CONDITION, normaliseCondition, planName, planOrdinal } from './condition.js';

const KNOWN = new Set([101, 201, 601]);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : 'OTHER';
  }
  return 'OK';
};

describe('normaliseCondition', () => {
  it('treats a missing condition as no condition', () => {
    expect(normaliseCondition(null, KNOWN)).toEqual(EMPTY_CONDITION);
    expect(normaliseCondition({}, KNOWN)).toEqual(EMPTY_CONDITION);
  });

  it('keeps known building types and condition codes, drops unknown and empty entries', () => {
    const c = normaliseCondition(
      { buildingTypes: ['mansion', '', null, 'castle', 'terrace', 'mansion'], other: ['601', '', null, 'abc', '999', '101', '601', ' 201 '] },
      KNOWN,
    );
    expect(c.buildingTypes).toEqual([1, 4]);
    expect(c.conditionCodes).toEqual([601, 101, 201]);
  });

  it("drops a building type named like an object's own machinery (constructor, __proto__, toString): not a code", () => {
    const c = normaliseCondition({ buildingTypes: ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'house'] }, KNOWN);
    expect(c.buildingTypes).toEqual([3]);
  });

  it('maps madori names to ordinals and rejects unknown names', () => {
    expect(normaliseCondition({ plans: { min: '1K', max: '4LDK+' } }, KNOWN)).toMatchObject({ planMin: 2, planMax: 13 });
    expect(normaliseCondition({ plans: { min: '１ｌｄｋ', max: '' } }, KNOWN)).toMatchObject({ planMin: 4, planMax: null });
    expect(code(() => normaliseCondition({ plans: { min: '5LDK' } }, KNOWN))).toBe('BAD_REQUEST');
    expect(code(() => normaliseCondition({ plans: { min: '2LDK', max: '1R' } }, KNOWN))).toBe('BAD_REQUEST');
    expect(planOrdinal('1R')).toBe(1);
    expect(planName(13)).toBe('4LDK+');
  });

  it("reads noReikin / noShikikin as true only for the string 'true'", () => {
    expect(normaliseCondition({ chinryou: { noReikin: 'true', noShikikin: 'TRUE' } }, KNOWN)).toMatchObject({ noReikin: true, noShikikin: false });
    expect(normaliseCondition({ chinryou: { noReikin: '1', noShikikin: null } }, KNOWN)).toMatchObject({ noReikin: false, noShikikin: false });
    expect(normaliseCondition({ chinryou: { includeKanrihi: true, min: 0, max: 80000 } }, KNOWN)).toMatchObject({
      includeKanrihi: true,
      rentMin: 0,
      rentMax: 80000,
    });
  });

  it('rejects negative numbers and inverted ranges with BAD_REQUEST', () => {
    for (const input of [
      { chinryou: { min: -1 } },
      { chinryou: { min: 5, max: 4 } },
      { chinryou: { max: 1.5 } },
      { area: { min: -0.5 } },
      { area: { min: 40, max: 20 } },
      { walkMin: -1 },
      { builtYear: -2 },
      { walkMin: 2.5 },
      { area: { max: 1e30 } },
    ]) {
      expect([input, code(() => normaliseCondition(input, KNOWN))]).toEqual([input, 'BAD_REQUEST']);
    }
    expect(normaliseCondition({ area: { min: 20.5, max: 20.5 } }, KNOWN)).toMatchObject({ areaMin: 20.5, areaMax: 20.5 });
  });

  it('trims the free word and caps it at 100 characters', () => {
    expect(normaliseCondition({ word: '  渋谷 駅近　' }, KNOWN).word).toBe('渋谷 駅近');
    expect(normaliseCondition({ word: '   ' }, KNOWN).word).toBeNull();
    expect(normaliseCondition({ word: 'あ'.repeat(100) }, KNOWN).word).toHaveLength(100);
    expect(code(() => normaliseCondition({ word: 'あ'.repeat(101) }, KNOWN))).toBe('BAD_REQUEST');
  });
});
