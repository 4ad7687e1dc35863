import { distanceM } from '../lib/geo.js';
import { buildMasterData, gojuonInitial } from './build.js';
import type { MasterData } from './types.js';

let m: MasterData;
beforeAll(async () => {
  m = await buildMasterData();
});

/** JIS X 0402 check digit of a five-digit local-government code. */
function checkDigit(five: string): number {
  const sum = [...five].reduce((acc, d, i) => acc + Number(d) * (6 - i), 0);
  return (11 - (sum % 11)) % 10;
}

describe('prefectures and regions', () => {
  it('has the 47 prefectures with JIS codes, names and URL paths', () => {
    expect(m.prefectures).toHaveLength(47);
    expect(m.prefectures.map((p) => p.code)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
    const byPath = Object.fromEntries(m.prefectures.map((p) => [p.path, p.name]));
    expect(byPath).toMatchObject({ hokkaido: '北海道', tokyo: '東京都', osaka: '大阪府', kyoto: '京都府', okinawa: '沖縄県' });
    for (const p of m.prefectures) expect(p.jisCode).toBe(`${String(p.code).padStart(2, '0')}000${checkDigit(`${String(p.code).padStart(2, '0')}000`)}`);
  });

  it('groups prefectures into the eight display regions of SPEC §2.2, in order', () => {
    const display = m.regions.filter((r) => r.grouping === 'display');
    expect(display.map((r) => r.code)).toEqual(['kanto', 'kansai', 'hokkaido', 'tokai', 'hokuriku', 'chugoku', 'shikoku', 'kyusyu']);
    const byCode = Object.fromEntries(display.map((r) => [r.code, r]));
    expect(byCode.hokkaido?.name).toBe('北海道・東北');
    expect(byCode.hokkaido?.prefectureCodes).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(byCode.hokuriku?.name).toBe('北陸・甲信越');
    expect(byCode.hokuriku?.prefectureCodes).toEqual([15, 16, 17, 18, 19, 20]);
    expect(byCode.kyusyu?.name).toBe('九州・沖縄');
    expect(byCode.kyusyu?.prefectureCodes).toEqual([40, 41, 42, 43, 44, 45, 46, 47]);
    expect(display.flatMap((r) => r.prefectureCodes).sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  });

  it('has the eleven-region reading covering every prefecture once', () => {
    const eleven = m.regions.filter((r) => r.grouping === 'eleven');
    expect(eleven.map((r) => r.name)).toEqual(['北海道', '東北', '関東', '甲信越', '北陸', '東海', '関西', '中国', '四国', '九州', '沖縄']);
    expect(eleven.flatMap((r) => r.prefectureCodes).sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, i) => i + 1));
  });
});

describe('cities and towns', () => {
  it('gives every city a valid JIS code with check digit', () => {
    expect(m.cities.length).toBeGreaterThan(1900);
    for (const c of m.cities) {
      expect(c.jisCode).toMatch(/^\d{6}$/);
      expect(Number(c.jisCode[5])).toBe(checkDigit(c.jisCode.slice(0, 5)));
      expect(c.code).toBe(Number(c.jisCode.slice(0, 5)));
      expect(Math.floor(c.code / 1000)).toBe(c.prefectureCode);
    }
  });

  it('lists the wards of ordinance-designated cities as searchable cities', () => {
    const designated = m.cities.filter((c) => c.kind === 'designated');
    expect(designated).toHaveLength(20);
    expect(designated.every((c) => !c.searchable)).toBe(true);
    const sapporoWards = m.cities.filter((c) => c.gdCityCode === 1100);
    expect(sapporoWards).toHaveLength(10);
    expect(sapporoWards.map((w) => w.name)).toContain('札幌市中央区');
    expect(sapporoWards.every((w) => w.searchable && w.kind === 'ward')).toBe(true);
    expect(m.cities.find((c) => c.code === 13113)).toMatchObject({ name: '渋谷区', kind: 'special_ward', searchable: true, gdCityCode: null });
  });

  it('derives towns with stable codes inside their city', () => {
    expect(m.towns.length).toBeGreaterThan(3000);
    const cities = new Set(m.cities.map((c) => c.code));
    const codes = new Set<number>();
    for (const t of m.towns) {
      expect(cities.has(t.cityCode)).toBe(true);
      expect(Math.floor(t.code / 10000)).toBe(t.cityCode);
      expect(t.name).not.toMatch(/^[\d-]+(丁目)?$/);
      codes.add(t.code);
    }
    expect(codes.size).toBe(m.towns.length);
    const shibuya = m.towns.filter((t) => t.cityCode === 13113).map((t) => t.name);
    expect(shibuya).toEqual(expect.arrayContaining(['代々木', '恵比寿南', '神宮前']));
  });
});

describe('railways and the station graph', () => {
  it('has lines with colours and railways', () => {
    expect(m.lines.length).toBeGreaterThan(500);
    const yamanote = m.lines.find((l) => l.code === 11302);
    expect(yamanote).toMatchObject({ name: 'JR山手線', color: '#9ACD32', railwayCode: 'jr-east' });
    for (const l of m.lines) expect(l.color).toMatch(/^#[0-9A-F]{6}$/);
    const railways = new Set(m.railways.map((r) => r.code));
    for (const l of m.lines) expect(railways.has(l.railwayCode)).toBe(true);
  });

  it('makes one station group per physical station, with per-line codes in line order', () => {
    const shibuya = m.stationGroups.find((g) => g.name === '渋谷' && g.prefectureCode === 13);
    expect(shibuya?.lineCodes.length).toBeGreaterThanOrEqual(8);
    expect(shibuya?.kana).toBe('しぶや');
    expect(shibuya?.romaji).toBe('shibuya');
    const perLine = m.stations.filter((s) => s.groupCode === shibuya?.code);
    expect(new Set(perLine.map((s) => s.lineCode)).size).toBe(perLine.length);
    const yamanote = m.stations
      .filter((s) => s.lineCode === 11302)
      .sort((a, b) => a.seq - b.seq)
      .map((s) => s.name);
    expect(yamanote.slice(0, 5)).toEqual(['大崎', '五反田', '目黒', '恵比寿', '渋谷']);
  });

  it('connects stations by rides and transfers with plausible minutes', () => {
    const adj = new Map<number, { to: number; minutes: number }[]>();
    for (const e of m.edges) {
      let list = adj.get(e.fromStation);
      if (!list) adj.set(e.fromStation, (list = []));
      list.push({ to: e.toStation, minutes: e.minutes });
    }
    const groupOf = new Map(m.stations.map((s) => [s.code, s.groupCode]));
    const group = (name: string) => m.stationGroups.find((g) => g.name === name && g.prefectureCode === 13)?.code;
    // Dijkstra over per-line stations from every platform of 渋谷 to any platform of 東京.
    const from = group('渋谷');
    const to = group('東京');
    const dist = new Map<number, number>();
    const queue: [number, number][] = m.stations.filter((s) => s.groupCode === from).map((s) => [0, s.code]);
    for (const [, s] of queue) dist.set(s, 0);
    let best = Infinity;
    while (queue.length) {
      queue.sort((a, b) => a[0] - b[0]);
      const [d, s] = queue.shift() as [number, number];
      if (d > (dist.get(s) ?? Infinity)) continue;
      if (groupOf.get(s) === to) {
        best = d;
        break;
      }
      for (const e of adj.get(s) ?? []) {
        const nd = d + e.minutes;
        if (nd < (dist.get(e.to) ?? Infinity)) {
          dist.set(e.to, nd);
          queue.push([nd, e.to]);
        }
      }
    }
    // Real timetable: 24–27 minutes by the Yamanote line or Ginza + Marunouchi lines.
    expect(best).toBeGreaterThan(12);
    expect(best).toBeLessThan(35);
    expect(m.edges.some((e) => e.kind === 'transfer')).toBe(true);
  });
});

describe('campuses, specials, conditions, madori', () => {
  it('has at least 100 real campuses with initials and nearest stations', () => {
    expect(m.campuses.length).toBeGreaterThanOrEqual(100);
    const groups = new Map(m.stationGroups.map((g) => [g.code, g]));
    for (const c of m.campuses) {
      expect(['a', 'ka', 'sa', 'ta', 'na', 'ha', 'ma', 'ya', 'ra', 'wa']).toContain(c.initial);
      for (const s of c.nearStations) {
        const g = groups.get(s.groupCode);
        expect(g).toBeDefined();
        expect(Math.abs(distanceM(c, g as never) - s.distanceM)).toBeLessThan(2);
      }
    }
    expect(m.campuses.filter((c) => c.nearStations.length > 0).length / m.campuses.length).toBeGreaterThan(0.9);
    expect(gojuonInitial('わせだだいがく')).toBe('wa');
    expect(gojuonInitial('ぎふだいがく')).toBe('ka');
  });

  it('has at least 15 specials with texts, FAQ and a matching rule over known codes', () => {
    expect(m.specials.length).toBeGreaterThanOrEqual(15);
    const codes = new Set(m.conditionCodes.map((c) => c.code));
    for (const name of ['ペット可', 'デザイナーズ', '駅徒歩5分以内', '敷金礼金ゼロ', '学生向け']) expect(m.specials.map((s) => s.name)).toContain(name);
    for (const s of m.specials) {
      expect(s.faq.length).toBeGreaterThanOrEqual(3);
      expect(s.featureTexts1.length).toBeGreaterThan(20);
      expect(Object.keys(s.match).length).toBeGreaterThan(0);
      for (const c of s.match.conditionCodes ?? []) expect(codes.has(c)).toBe(true);
    }
  });

  it('has all nine condition groups of SPEC §3 and the madori list', () => {
    expect(m.conditionGroups.map((g) => g.key)).toEqual([
      'airConditionings',
      'baths',
      'conditions',
      'locations',
      'otherConditions',
      'securities',
      'kitchens',
      'facilities',
      'storageSpaces',
    ]);
    expect(m.madori.map((x) => x.name)).toEqual(['1R', '1K', '1DK', '1LDK', '2K', '2DK', '2LDK', '3K', '3DK', '3LDK', '4K', '4DK', '4LDK+']);
  });
});
