import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One owner per rule (issue 14): each known SPEC constant, message and mapping is written in its
 * owner file only; everything else imports it. Tests, fixtures and journeys may state the values
 * they check, so only shipped source is scanned.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Rule {
  name: string;
  owner: string;
  /** Matched per line of a file with its comments removed. */
  line?: (text: string) => boolean;
  /** Matched against the whole file with its comments removed. */
  file?: RegExp;
}

const quoted = (text: string): RegExp => new RegExp(`['"\`]${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
const literal = (name: string, owner: string, text: string): Rule => ({ name, owner, line: (l) => quoted(text).test(l) });

const RULES: Rule[] = [
  { name: 'favorites limit (50)', owner: 'spec/src/favorites.ts', line: (l) => /favou?rite|お気に入り/i.test(l) && /(?<![\w.])50(?!\w)/.test(l) },
  { name: 'cashback campaign dates', owner: 'spec/src/cashback.ts', line: (l) => /2024-10-(?:03|17)T15:00/.test(l) },
  // The amount as text (最大50,000円) is made from the constants, never written.
  {
    name: 'cashback amounts',
    owner: 'spec/src/cashback.ts',
    line: (l) => (/cashback|campaign|amount/i.test(l) && /(?<![\w.])[56]0_?000(?!\w)/.test(l)) || /(?<![\d,])[56]0,000円/.test(l),
  },
  { name: 'A/B cookie name', owner: 'spec/src/ab-test.ts', line: (l) => l.includes('_for_ga_session') },
  {
    name: 'A/B cookie lifetime (1800 s)',
    owner: 'spec/src/ab-test.ts',
    line: (l) => /\bab_?test|\bAB_|A\/B|abCookie/i.test(l) && /(?<![\w.])1800(?!\w)/.test(l),
  },
  {
    name: 'favorite dialog cookie',
    owner: 'spec/src/favorites.ts',
    line: (l) => l.includes('favorite_dialog_restriction') || /(?<![\w.])7_?776_?000(?!\w)/.test(l),
  },
  {
    name: 'error code → HTTP status map',
    owner: 'spec/src/errors.ts',
    file: /NOT_FOUND['"]?\s*:\s*404|CONFLICT['"]?\s*:\s*409|case\s+'NOT_FOUND':\s*return\s+404/,
  },
  {
    name: 'sort keys',
    owner: 'spec/src/sort.ts',
    line: (l) => quoted('walk_min_for_sort').test(l) || quoted('walk_min_for_sort_asc').test(l) || quoted('駅から近い順').test(l),
  },
  // Lists a client shows and a server serves (issue 14: the filter form, the forms' selects, the notices).
  { name: 'prefecture names by JIS code', owner: 'spec/src/prefectures.ts', file: /['"`]青森県['"`]\s*,\s*['"`]岩手県['"`]/ },
  { name: 'prefecture paths by JIS code', owner: 'spec/src/prefectures.ts', file: /['"`]aomori['"`]\s*,\s*['"`]iwate['"`]/ },
  {
    name: 'rent bounds of the search form',
    owner: 'spec/src/search-master.ts',
    file: /30_?000\s*\+\s*i\s*\*\s*5_?000|(?<![\w.])30_?000\s*,\s*[34][05]_?000\s*,/,
  },
  { name: 'building type names', owner: 'spec/src/search-master.ts', line: (l) => quoted('アパート').test(l) || quoted('テラスハウス').test(l) },
  { name: '§8 favorite OVER_LIMIT message', owner: 'spec/src/messages.ts', line: (l) => l.includes('お気に入りに保存できる物件は') },
  { name: 'search condition limit message', owner: 'spec/src/messages.ts', line: (l) => l.includes('保存できる検索条件は') },
  // SPEC §4/§8 messages a server and a client both show, then the ones only the client shows.
  ...[
    'ページを表示できません。(404エラー)',
    '不正なリクエストのため、表示できません。',
    'サーバの内部エラーにより、表示できません。',
    '一時的に表示できません。しばらくしてから再度お試しください。',
    '認証が必要です。',
    'すでにお気に入りに追加されています。',
    'お気に入りに追加する物件を1件以上選択してください。',
    '物件情報の一部を表示できません。しばらくしてから再度お試しください。',
  ].map((text) => literal(`message ${text}`, 'spec/src/messages.ts', text)),
  ...[
    'エラーのため保存できませんでした。',
    'エラーのため削除できませんでした。',
    '削除しました。',
    'お気に入りを削除しました',
    'お気に入り物件に追加しました',
  ].map((text) => literal(`message ${text}`, 'shell/kit/src/core/messages.ts', text)),
];

const SKIP_DIRS = new Set(['node_modules', 'dist', '__generated__', '__fixtures__', 'testing', '.git', '.data', 'coverage', 'test-results', 'e2e']);
const isTest = (file: string): boolean => /\.(test|spec)\.tsx?$/.test(file);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(path.join(dir, entry.name), out);
    } else if (/\.(ts|tsx|js|cjs|mjs)$/.test(entry.name) && !isTest(entry.name)) {
      out.push(path.join(dir, entry.name));
    }
  }
  return out;
}

/** Drops comments (block, and line comments not part of a URL) so prose about a value is not a copy of it. */
const withoutComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, '')).replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');

function copiesOutsideOwners(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    const code = withoutComments(readFileSync(file, 'utf8'));
    const lines = code.split('\n');
    for (const rule of RULES) {
      if (rel === rule.owner) continue;
      if (rule.file?.test(code)) found.push(`${rule.name}: ${rel} (owner ${rule.owner})`);
      if (rule.line) lines.forEach((l, i) => rule.line!(l) && found.push(`${rule.name}: ${rel}:${i + 1} (owner ${rule.owner})`));
    }
  }
  return found;
}

describe('one owner per SPEC constant', () => {
  it('finds each constant in its owner file', () => {
    for (const rule of RULES) {
      const code = withoutComments(readFileSync(path.join(root, rule.owner), 'utf8'));
      const there = rule.file ? rule.file.test(code) : code.split('\n').some((l) => rule.line!(l));
      expect({ rule: rule.name, there }).toEqual({ rule: rule.name, there: true });
    }
  });

  it('finds no copy of one outside its owner', () => {
    expect(copiesOutsideOwners()).toEqual([]);
  });
});
