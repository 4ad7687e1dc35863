import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Gallery, SWIPE_MIN_PX, type GalleryImage } from './gallery.js';

afterEach(cleanup);

// The jsdom under jest here (20) has no PointerEvent (added in jsdom 27, jsdom/jsdom#2527): fireEvent would send
// a plain Event without pointerId or clientX.
if (typeof window.PointerEvent === 'undefined') {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill, configurable: true });
}

const KINDS: [string, string][] = [
  ['gaikan', '外観'],
  ['madori', '間取り図'],
  ['entrance', '玄関'],
  ['kitchen', 'キッチン'],
  ['bath', 'バス・トイレ'],
  ['view', '眺望'],
];
const IMAGES: GalleryImage[] = KINDS.map(([imageType, label]) => ({ imageType, label, url: `/images/bukken/bk1/${imageType}.svg` }));

function renderGallery() {
  render(<Gallery images={IMAGES} name="テストハイツ" />);
  const gallery = screen.getByTestId('gallery');
  const count = () => screen.getByTestId('gallery-count').textContent;
  /** The shown picture (the others are in the page, hidden). */
  const shown = () =>
    within(gallery)
      .getAllByRole('img')
      .filter((img) => img.classList.contains('d-gallery__main'));
  return { gallery, count, shown };
}

it('names every picture 「<name>の<label>」, the first fetched first and the rest lazily, each box sized', () => {
  renderGallery();
  const mains = [...document.querySelectorAll('.d-gallery__main')];
  expect(mains.map((img) => img.getAttribute('alt'))).toEqual([
    'テストハイツの外観',
    'テストハイツの間取り図',
    'テストハイツの玄関',
    'テストハイツのキッチン',
    'テストハイツのバス・トイレ',
    'テストハイツの眺望',
  ]);
  expect(mains.map((img) => [img.getAttribute('fetchpriority'), img.getAttribute('loading')])).toEqual([
    ['high', null],
    ...Array.from({ length: 5 }, () => [null, 'lazy']),
  ]);
  for (const img of mains) expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['480', '360']);
  expect(mains.map((img) => img.hasAttribute('hidden'))).toEqual([false, true, true, true, true, true]);
  // Thumbnails are decorative inside labelled buttons.
  expect(screen.getAllByRole('button', { pressed: false }).map((b) => b.getAttribute('aria-label'))).toContain('キッチン（4枚目）');
});

it('turns with the previous and next buttons, wrapping around, and with a thumbnail', () => {
  const { count, shown } = renderGallery();
  expect(count()).toBe('1 / 6');
  fireEvent.click(screen.getByRole('button', { name: '次の写真' }));
  fireEvent.click(screen.getByRole('button', { name: '次の写真' }));
  expect(count()).toBe('3 / 6');
  expect(shown().map((img) => img.getAttribute('alt'))).toEqual(['テストハイツの玄関']);
  fireEvent.click(screen.getByRole('button', { name: '前の写真' }));
  fireEvent.click(screen.getByRole('button', { name: '前の写真' }));
  fireEvent.click(screen.getByRole('button', { name: '前の写真' }));
  expect(count()).toBe('6 / 6');
  fireEvent.click(screen.getByRole('button', { name: 'キッチン（4枚目）' }));
  expect(count()).toBe('4 / 6');
  expect(screen.getByRole('button', { name: 'キッチン（4枚目）' }).getAttribute('aria-pressed')).toBe('true');
});

it('turns with ← and → while the gallery has focus', () => {
  const { gallery, count, shown } = renderGallery();
  expect(gallery.tabIndex).toBe(0);
  gallery.focus();
  fireEvent.keyDown(gallery, { key: 'ArrowRight' });
  expect(count()).toBe('2 / 6');
  expect(shown().map((img) => img.getAttribute('alt'))).toEqual(['テストハイツの間取り図']);
  fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
  fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
  expect(count()).toBe('6 / 6');
  // Other keys leave it alone; keys on a button inside still reach the gallery.
  fireEvent.keyDown(gallery, { key: 'Enter' });
  expect(count()).toBe('6 / 6');
  fireEvent.keyDown(screen.getByRole('button', { name: '次の写真' }), { key: 'ArrowRight' });
  expect(count()).toBe('1 / 6');
});

it('turns on a horizontal swipe, not on a short or vertical drag', () => {
  const { count } = renderGallery();
  const stage = screen.getByTestId('gallery-stage');
  const drag = (from: [number, number], to: [number, number], pointerId = 1) => {
    fireEvent.pointerDown(stage, { pointerId, clientX: from[0], clientY: from[1] });
    fireEvent.pointerUp(stage, { pointerId, clientX: to[0], clientY: to[1] });
  };
  drag([300, 100], [300 - SWIPE_MIN_PX - 10, 105]);
  expect(count()).toBe('2 / 6');
  drag([100, 100], [100 + SWIPE_MIN_PX + 10, 96]);
  expect(count()).toBe('1 / 6');
  drag([100, 100], [100 + SWIPE_MIN_PX + 10, 96]);
  expect(count()).toBe('6 / 6');
  drag([300, 100], [300 - SWIPE_MIN_PX + 10, 100]);
  expect(count()).toBe('6 / 6');
  drag([300, 100], [240, 300]);
  expect(count()).toBe('6 / 6');
  // A cancelled pointer (the browser took over, e.g. to scroll) is no swipe.
  fireEvent.pointerDown(stage, { pointerId: 2, clientX: 300, clientY: 100 });
  fireEvent.pointerCancel(stage, { pointerId: 2 });
  fireEvent.pointerUp(stage, { pointerId: 2, clientX: 100, clientY: 100 });
  expect(count()).toBe('6 / 6');
});
