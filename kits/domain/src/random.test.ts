import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashString, Random, WeightedTable } from './random.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

describe('Random (sfc32)', () => {
  it('keeps its exact sequence: the seed data are byte-for-byte reproducible from it', () => {
    const r = new Random(42);
    expect([r.next(), r.next(), r.int(1, 100), r.next()]).toEqual([0.8088259967043996, 0.15776577848009765, 85, 0.35108828567899764]);
    const s = new Random('sumika');
    expect([s.next(), s.fork('x').next()]).toEqual([0.8752227020449936, 0.8381417498458177]);
  });

  it('is reproducible per seed and stays in [0, 1)', () => {
    const a = new Random(1);
    const b = new Random(1);
    const xs = Array.from({ length: 1000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b.next()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(Math.abs(xs.reduce((sum, x) => sum + x, 0) / xs.length - 0.5)).toBeLessThan(0.05);
    expect(new Random(2).next()).not.toBe(new Random(1).next());
  });

  it('picks by weight and never from nothing', () => {
    const r = new Random(3);
    const table = new WeightedTable(['a', 'b'], [3, 1]);
    const n = 20_000;
    let a = 0;
    for (let i = 0; i < n; i++) if (table.pick(r) === 'a') a += 1;
    expect(Math.abs(a / n - 0.75)).toBeLessThan(0.02);
    expect(() => r.pick([])).toThrow('pick from empty list');
  });
});

describe('hashString (FNV-1a, 32 bit)', () => {
  it('matches the reference values', () => {
    expect(hashString('')).toBe(0x811c9dc5);
    expect(hashString('a')).toBe(0xe40c292c);
    expect(hashString('foobar')).toBe(0xbf9cf968);
  });
});

// Issue 14: one seeded PRNG. A second mulberry32 or FNV-1a written anywhere fails here.
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', '.data', 'coverage', 'test-results', 'playwright-report']);
const FORBIDDEN: { name: string; pattern: RegExp }[] = [
  { name: 'mulberry32 step', pattern: /Math\.imul\(t \^ \(t >>> 15\)/ },
  { name: 'mulberry32 constant', pattern: /0x6d2b79f5/i },
  { name: 'FNV-1a offset basis', pattern: /0x811c9dc5/i },
  { name: 'sfc32 state', pattern: /0x9e3779b9/i },
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(path.join(dir, entry.name), out);
    } else if (/\.(ts|tsx|js|cjs|mjs)$/.test(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

describe('one seeded PRNG', () => {
  it('has no second implementation outside kits/domain/src/random.ts', () => {
    const owner = path.join(here, 'random.ts');
    const self = fileURLToPath(import.meta.url);
    const found: string[] = [];
    for (const file of sourceFiles(root)) {
      if (file === owner || file === self) continue;
      const text = readFileSync(file, 'utf8');
      for (const { name, pattern } of FORBIDDEN) if (pattern.test(text)) found.push(`${path.relative(root, file)}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});
