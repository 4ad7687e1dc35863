/**
 * Public key formats shared by the generator and the subgraphs. A subgraph never reads
 * another's tables; these formats are the contract that lets ids cross the supergraph.
 */
export const globalKeyOf = (bukkenId: number): string => `bk${String(bukkenId).padStart(9, '0')}`;
export const buildingKeyOf = (buildingId: number): string => `bld${String(buildingId).padStart(8, '0')}`;
export const storeKeyOf = (storeId: number): string => `st${String(storeId).padStart(6, '0')}`;
export const corporationKeyOf = (companyId: number): string => `co${String(companyId).padStart(5, '0')}`;

function parseKey(prefix: string, digits: number, key: string): number | undefined {
  const m = new RegExp(`^${prefix}(\\d{${digits}})$`).exec(key);
  return m ? Number(m[1]) : undefined;
}

export const bukkenIdOf = (globalKey: string): number | undefined => parseKey('bk', 9, globalKey);
export const buildingIdOf = (key: string): number | undefined => parseKey('bld', 8, key);
export const storeIdOf = (key: string): number | undefined => parseKey('st', 6, key);

/** Prefecture names by JIS code (index = code - 1), for mails and texts outside the search subgraph. */
export const PREFECTURE_NAMES: readonly string[] = [
  '北海道', '青森県', '岩手県', '宮城県', '秋田県', '山形県', '福島県',
  '茨城県', '栃木県', '群馬県', '埼玉県', '千葉県', '東京都', '神奈川県',
  '新潟県', '富山県', '石川県', '福井県', '山梨県', '長野県',
  '岐阜県', '静岡県', '愛知県', '三重県',
  '滋賀県', '京都府', '大阪府', '兵庫県', '奈良県', '和歌山県',
  '鳥取県', '島根県', '岡山県', '広島県', '山口県',
  '徳島県', '香川県', '愛媛県', '高知県',
  '福岡県', '佐賀県', '長崎県', '熊本県', '大分県', '宮崎県', '鹿児島県', '沖縄県',
];

/** Prefecture URL paths by JIS code (1–47); the search subgraph owns the rest of the master data. */
export const PREFECTURE_PATHS: readonly string[] = [
  'hokkaido', 'aomori', 'iwate', 'miyagi', 'akita', 'yamagata', 'fukushima',
  'ibaraki', 'tochigi', 'gunma', 'saitama', 'chiba', 'tokyo', 'kanagawa',
  'niigata', 'toyama', 'ishikawa', 'fukui', 'yamanashi', 'nagano',
  'gifu', 'shizuoka', 'aichi', 'mie',
  'shiga', 'kyoto', 'osaka', 'hyogo', 'nara', 'wakayama',
  'tottori', 'shimane', 'okayama', 'hiroshima', 'yamaguchi',
  'tokushima', 'kagawa', 'ehime', 'kochi',
  'fukuoka', 'saga', 'nagasaki', 'kumamoto', 'oita', 'miyazaki', 'kagoshima', 'okinawa',
];

export function prefectureCodeOf(path: string): number | undefined {
  const i = PREFECTURE_PATHS.indexOf(path);
  return i >= 0 ? i + 1 : undefined;
}

/** Building type codes (listing.building_type): SPEC's buildingTypes filter values. */
export const BUILDING_TYPE_NAMES: Readonly<Record<number, string>> = { 1: 'マンション', 2: 'アパート', 3: '一戸建て', 4: 'テラスハウス' };
export const BUILDING_TYPE_KEYS: Readonly<Record<string, number>> = { mansion: 1, apartment: 2, house: 3, terrace: 4 };
