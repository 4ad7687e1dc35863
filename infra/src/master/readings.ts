import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import { toHiragana, toRomaji } from 'wanakana';

export interface Reader {
  /** Hiragana reading of a Japanese name (place names read by the IPA dictionary). */
  kana(text: string): string;
  romaji(kana: string): string;
}

/** Builds a kuromoji tokenizer once (about a second) and reads names with it. */
export async function createReader(): Promise<Reader> {
  const require = createRequire(path.join(process.cwd(), 'noop.js'));
  const dicPath = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
  const tokenizer = await new Promise<kuromoji.Tokenizer<kuromoji.IpadicFeatures>>((resolve, reject) => {
    kuromoji.builder({ dicPath }).build((err, t) => (err ? reject(err) : resolve(t)));
  });
  return {
    kana(text: string): string {
      const reading = tokenizer
        .tokenize(text.normalize('NFKC'))
        .map((t) => (t.reading && t.reading !== '*' ? t.reading : t.surface_form))
        .join('');
      // An unread ヶ in a place name (幡ヶ谷) is voiced: が.
      return toHiragana(reading, { passRomaji: true }).replace(/ヶ/g, 'が');
    },
    romaji(kana: string): string {
      return toRomaji(kana)
        .replace(/[^a-z0-9]/gi, '')
        .toLowerCase();
    },
  };
}
