/**
 * @jest-environment node
 */
import { renderToStaticMarkup } from 'react-dom/server';
import PlacePicture from './place-picture.js';

const at = (lat: number, lng: number) => renderToStaticMarkup(<PlacePicture label="テストハイツ" center={{ lat, lng }} stations={[]} />);
const pathOf = (html: string, cls: string) => new RegExp(`<path class="${cls}" d="([^"]+)"`).exec(html)?.[1];

describe('the place picture’s base layer (coast and railway lines, kept per box)', () => {
  it('draws a place again the same as the first time, and another place with its own lines', () => {
    const first = at(35.6835, 139.7404); // 半蔵門: land and railways
    expect(pathOf(first, 'sk-map__land')).toBeDefined();
    expect(pathOf(first, 'sk-map__rail')).toBeDefined();
    expect(at(35.6835, 139.7404)).toBe(first);
    const yokohama = at(35.4537, 139.638); // みなとみらい: the coast crosses the box
    expect(pathOf(yokohama, 'sk-map__rail')).toBeDefined();
    expect(pathOf(yokohama, 'sk-map__rail')).not.toBe(pathOf(first, 'sk-map__rail'));
    expect(pathOf(yokohama, 'sk-map__land')).not.toBe(pathOf(first, 'sk-map__land'));
    // Kept boxes do not leak into each other: the first place still draws as it did.
    expect(at(35.6835, 139.7404)).toBe(first);
  });

  it('keeps a bounded number of boxes, and draws a place whose box was dropped as before', () => {
    const first = at(35.6835, 139.7404);
    for (let i = 0; i < 600; i++) at(33 + i * 0.005, 131 + i * 0.01);
    expect(at(35.6835, 139.7404)).toBe(first);
  });
});
