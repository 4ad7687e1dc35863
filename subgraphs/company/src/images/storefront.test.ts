import { renderStorefront } from './storefront.js';

const input = { key: 'st000042', clientName: 'ミライホーム 渋谷本店', companyName: '株式会社ミライホーム' };

describe('renderStorefront', () => {
  it('is deterministic per input', () => {
    expect(renderStorefront(input)).toBe(renderStorefront({ ...input }));
  });

  it('varies with the store key', () => {
    const others = ['st000043', 'st000044', 'st000045', 'st000046'].map((key) => renderStorefront({ ...input, key }));
    expect(new Set([renderStorefront(input), ...others]).size).toBeGreaterThan(1);
  });

  it('puts both names on the sign and labels the picture', () => {
    const svg = renderStorefront(input);
    expect(svg).toContain('>ミライホーム 渋谷本店</text>');
    expect(svg).toContain('>株式会社ミライホーム</text>');
    expect(svg).toContain('<title>ミライホーム 渋谷本店 店舗外観</title>');
  });

  it('escapes markup and drops characters XML forbids', () => {
    const svg = renderStorefront({ ...input, clientName: 'A&B <"x"> \u0007店', companyName: "O'Neil" });
    expect(svg).toContain('A&amp;B &lt;&quot;x&quot;&gt; 店');
    expect(svg).toContain('O&#39;Neil');
    expect(svg).not.toContain('\u0007');
  });

  it('shrinks long names to fit the sign', () => {
    const size = (svg: string) => Number(/font-size="(\d+)" font-weight="bold"/.exec(svg)?.[1]);
    const short = size(renderStorefront(input));
    const long = size(renderStorefront({ ...input, clientName: 'とても長い名前の不動産屋さん 駅前ロータリー北口すぐ横店' }));
    expect(long).toBeLessThan(short);
    expect(long * 27).toBeLessThanOrEqual(500);
  });
});
