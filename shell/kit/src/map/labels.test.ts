import { labelRect, placeLabels, textWidth, type LabelRequest } from './labels.js';

const at = (x: number, y: number, width = 60): LabelRequest => ({ x, y, width, height: 14, gap: 10 });

describe('placeLabels', () => {
  it('puts every name on the right when nothing is in the way', () => {
    expect(placeLabels([at(0, 0), at(0, 100), at(300, 0)])).toEqual(['right', 'right', 'right']);
  });

  it('moves a name that would cover an earlier one to the left of its point', () => {
    // Two stations 30 px apart on one row (西鈴蘭台 and 鈴蘭台西口 on the detail page's map).
    expect(placeLabels([at(100, 50), at(70, 52)])).toEqual(['right', 'left']);
  });

  it('leaves out a name with no free side, never an earlier one', () => {
    expect(placeLabels([at(100, 50), at(170, 50), at(135, 50)])).toEqual(['right', 'right', null]);
  });

  it('keeps names off the obstacles (the place marker)', () => {
    const marker = { left: 90, top: 20, right: 130, bottom: 60 };
    expect(placeLabels([at(80, 40, 30)], [marker])).toEqual(['left']);
    expect(placeLabels([at(100, 40, 30)], [{ left: 0, top: 0, right: 300, bottom: 100 }])).toEqual([null]);
  });

  it('places boxes beside the point, centred on it', () => {
    expect(labelRect(at(100, 50), 'right')).toEqual({ left: 110, top: 43, right: 170, bottom: 57 });
    expect(labelRect(at(100, 50), 'left')).toEqual({ left: 30, top: 43, right: 90, bottom: 57 });
  });

  it('estimates a Japanese name at one em per character', () => {
    expect(textWidth('鈴蘭台西口駅', 14)).toBe(84);
  });
});
