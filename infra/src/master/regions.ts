/**
 * Prefecture URL paths and the two region readings of SPEC §2.2.
 * JIS codes, names and kana come from the government code list (jp-local-gov-codes).
 */
export { PREFECTURE_PATHS } from '@sumika/domain';

export interface RegionDef {
  code: string;
  name: string;
  prefectureCodes: number[];
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The eleven-region reading: 北海道, 東北, 関東, 甲信越, 北陸, 東海, 関西, 中国, 四国, 九州, 沖縄. */
export const ELEVEN_REGIONS: readonly RegionDef[] = [
  { code: 'hokkaido', name: '北海道', prefectureCodes: [1] },
  { code: 'tohoku', name: '東北', prefectureCodes: range(2, 7) },
  { code: 'kanto', name: '関東', prefectureCodes: range(8, 14) },
  { code: 'koshinetsu', name: '甲信越', prefectureCodes: [19, 20, 15] },
  { code: 'hokuriku', name: '北陸', prefectureCodes: [16, 17, 18] },
  { code: 'tokai', name: '東海', prefectureCodes: range(21, 24) },
  { code: 'kansai', name: '関西', prefectureCodes: range(25, 30) },
  { code: 'chugoku', name: '中国', prefectureCodes: range(31, 35) },
  { code: 'shikoku', name: '四国', prefectureCodes: range(36, 39) },
  { code: 'kyusyu', name: '九州', prefectureCodes: range(40, 46) },
  { code: 'okinawa', name: '沖縄', prefectureCodes: [47] },
];

export const REGION_NAME_SEPARATOR = '・';

/** Display reading: which region each merged one goes into, and the display order. */
const DISPLAY_MERGES: Record<string, string> = { tohoku: 'hokkaido', koshinetsu: 'hokuriku', okinawa: 'kyusyu' };
const DISPLAY_ORDER = ['kanto', 'kansai', 'hokkaido', 'tokai', 'hokuriku', 'chugoku', 'shikoku', 'kyusyu'] as const;

/**
 * The eight display regions: Tohoku into Hokkaido, Koshinetsu into Hokuriku, Okinawa into
 * Kyusyu, names joined by the separator, Hokuriku's prefectures sorted by code.
 */
export function displayRegions(): RegionDef[] {
  const byCode = new Map(ELEVEN_REGIONS.map((r) => [r.code, r]));
  return DISPLAY_ORDER.map((code) => {
    const base = byCode.get(code);
    if (!base) throw new Error(`unknown region ${code}`);
    const merged = Object.entries(DISPLAY_MERGES)
      .filter(([, into]) => into === code)
      .map(([from]) => byCode.get(from))
      .filter((r): r is RegionDef => r !== undefined);
    const prefectureCodes = [...base.prefectureCodes, ...merged.flatMap((r) => r.prefectureCodes)];
    if (code === 'hokuriku') prefectureCodes.sort((a, b) => a - b);
    return {
      code,
      name: [base.name, ...merged.map((r) => r.name)].join(REGION_NAME_SEPARATOR),
      prefectureCodes,
    };
  });
}

/**
 * Share of Japan's rental housing stock per prefecture (approximate, from the 2018 Housing
 * and Land Survey's 民営借家 counts), used to spread generated listings realistically.
 */
export const RENTAL_STOCK_WEIGHT: readonly number[] = [
  5.0, 0.8, 0.7, 2.0, 0.5, 0.6, 1.0, 1.5, 1.1, 1.1, 5.2, 4.3, 17.5, 8.9, 1.3, 0.5, 0.9, 0.4, 0.5, 1.1, 1.0, 2.3, 6.3, 0.9, 0.8, 2.4, 8.7, 4.2, 0.6, 0.5, 0.3,
  0.4, 1.3, 2.3, 0.8, 0.4, 0.6, 0.8, 0.5, 4.5, 0.4, 0.8, 1.2, 0.7, 0.7, 1.1, 1.4,
];

/**
 * Typical rent per m² (yen) in the prefecture's most expensive core, and the big terminals
 * rents fall away from. Levels follow published 家賃相場 (central Tokyo ~4,000 yen/m²,
 * regional cities ~1,500–2,000, rural ~1,000–1,300).
 */
export const RENT_PER_M2_CORE: readonly number[] = [
  1900, 1350, 1400, 2000, 1300, 1350, 1450, 1550, 1500, 1450, 2500, 2300, 4300, 3000, 1500, 1350, 1650, 1350, 1450, 1450, 1450, 1800, 2400, 1500, 1700, 2600,
  3100, 2600, 1700, 1400, 1300, 1350, 1650, 2000, 1350, 1350, 1450, 1450, 1450, 2200, 1350, 1500, 1700, 1450, 1400, 1650, 1900,
];

/** Terminal stations (by name, in the prefecture) that anchor rent levels. */
export const TERMINALS: Readonly<Record<number, readonly string[]>> = {
  1: ['札幌'],
  4: ['仙台'],
  11: ['大宮', '浦和'],
  12: ['千葉', '船橋'],
  13: ['東京', '新宿', '渋谷', '池袋', '品川'],
  14: ['横浜', '川崎', '武蔵小杉'],
  22: ['静岡', '浜松'],
  23: ['名古屋', '栄'],
  26: ['京都', '四条'],
  27: ['梅田', '難波', '大阪'],
  28: ['三宮', '神戸'],
  33: ['岡山'],
  34: ['広島'],
  40: ['博多', '天神'],
  43: ['熊本'],
  47: ['県庁前'],
};
