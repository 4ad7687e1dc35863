import { marketDelta } from './market-delta.js';

describe('marketDelta', () => {
  it('says how far below or above the market a rent is, in yen and percent, and at the market within ±1%', () => {
    expect(marketDelta({ difference: -3200, differenceRate: -0.041 })).toEqual({ text: '相場より3,200円安い (-4.1%)', tone: 'below' });
    expect(marketDelta({ difference: 1000, differenceRate: 0.012 })).toEqual({ text: '相場より1,000円高い (+1.2%)', tone: 'above' });
    expect(marketDelta({ difference: 12_345, differenceRate: 0.1 })).toEqual({ text: '相場より12,345円高い (+10.0%)', tone: 'above' });
    expect(marketDelta({ difference: -700, differenceRate: -0.0099 })).toEqual({ text: '相場並み', tone: 'par' });
    expect(marketDelta({ difference: 0, differenceRate: 0 })).toEqual({ text: '相場並み', tone: 'par' });
    expect(marketDelta({ difference: 800, differenceRate: 0.01 }).tone).toBe('above');
  });
});
