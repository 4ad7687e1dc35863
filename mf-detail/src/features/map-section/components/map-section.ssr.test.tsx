/**
 * @jest-environment node
 */
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { MapSection } from '../index.js';

/** The server's render, waited for to the end (the picture is a lazy chunk the shell's render awaits too). */
function serverHtml(node: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady() {
        const out = new PassThrough();
        let html = '';
        out.on('data', (chunk: Buffer) => (html += chunk.toString('utf8')));
        out.on('end', () => resolve(html));
        pipe(out);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

describe('周辺地図 on the server (what a visitor without JavaScript gets)', () => {
  it('is an SVG picture with the listing marker, its stations named, in a box of fixed aspect, and the list of walks', async () => {
    const html = await serverHtml(
      <MapSection
        name="テストハイツ"
        latLng={{ lat: 35.6835, lng: 139.7404 }}
        walks={[{ lineName: '東京メトロ半蔵門線', stationName: '半蔵門', walkMin: 5 }]}
        config={{}}
      />,
    );
    expect(html).toContain('<h2>周辺地図</h2>');
    expect(html).toMatch(
      /<div class="sk-map"><div class="sk-map__canvas"><\/div><!--\$--><svg class="sk-map__picture" viewBox="0 0 640 400"[^>]* role="img" aria-label="テストハイツの地図"/,
    );
    expect(html).toMatch(/<g class="sk-map__marker" data-marker="place">/);
    expect(html).toMatch(/<g class="sk-map__stop sk-map__stop--near" data-station="半蔵門">.*?<text[^>]*>半蔵門駅<\/text>/);
    expect(html).toContain('<li><span class="d-map__station">半蔵門駅</span> <span class="d-muted">東京メトロ半蔵門線</span> <!-- -->徒歩5分</li>');
    // Lines sharing a track are drawn once.
    const rails = /class="sk-map__rail" d="([^"]+)"/.exec(html)?.[1] ?? '';
    const pieces = rails.split('M').filter(Boolean);
    expect(pieces.length).toBeGreaterThan(0);
    expect(new Set(pieces).size).toBe(pieces.length);
    // Clipped to the box: a few KB, not Honshu's whole coast.
    expect(html.length).toBeLessThan(40_000);
  });
});
