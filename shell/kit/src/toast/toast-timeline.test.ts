import { jest } from '@jest/globals';
import { ToastScheduler, dismissTimeline, toastReducer, toastTimeline, type ToastAction, type ToastItem } from './toast-timeline.js';

/** Runs the scheduler against the pure reducer, like the provider does. */
function harness() {
  let state: ToastItem[] = [];
  const dispatch = (a: ToastAction): void => {
    state = toastReducer(state, a);
  };
  const scheduler = new ToastScheduler(dispatch);
  return { scheduler, phases: () => state.map((t) => t.phase), state: () => state };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('toastTimeline', () => {
  it('is 100 / closeDuration / +300 / +600', () => {
    expect(toastTimeline()).toEqual([
      { at: 100, action: 'visible' },
      { at: 2000, action: 'leaving' },
      { at: 2300, action: 'collapsing' },
      { at: 2900, action: 'remove' },
    ]);
    expect(toastTimeline(5000).map((s) => s.at)).toEqual([100, 5000, 5300, 5900]);
    expect(toastTimeline(0)).toEqual([{ at: 100, action: 'visible' }]);
    expect(dismissTimeline()).toEqual([
      { at: 0, action: 'leaving' },
      { at: 300, action: 'collapsing' },
      { at: 900, action: 'remove' },
    ]);
  });
});

describe('ToastScheduler with fake timers', () => {
  it('steps at 100, 2000, 2300 and 2900 ms', () => {
    const h = harness();
    const id = h.scheduler.show({ message: 'お気に入り物件に追加しました' });
    expect(h.state()).toEqual([{ id, message: 'お気に入り物件に追加しました', closeDuration: 2000, showCloseButton: false, phase: 'entering' }]);
    jest.advanceTimersByTime(99);
    expect(h.phases()).toEqual(['entering']);
    jest.advanceTimersByTime(1);
    expect(h.phases()).toEqual(['visible']);
    jest.advanceTimersByTime(1899);
    expect(h.phases()).toEqual(['visible']);
    jest.advanceTimersByTime(1); // 2000
    expect(h.phases()).toEqual(['leaving']);
    jest.advanceTimersByTime(299);
    expect(h.phases()).toEqual(['leaving']);
    jest.advanceTimersByTime(1); // 2300
    expect(h.phases()).toEqual(['collapsing']);
    jest.advanceTimersByTime(599);
    expect(h.phases()).toEqual(['collapsing']);
    jest.advanceTimersByTime(1); // 2900
    expect(h.state()).toEqual([]);
  });

  it('honours closeDuration', () => {
    const h = harness();
    h.scheduler.show({ message: 'x', closeDuration: 4000 });
    jest.advanceTimersByTime(3999);
    expect(h.phases()).toEqual(['visible']);
    jest.advanceTimersByTime(1);
    expect(h.phases()).toEqual(['leaving']);
    jest.advanceTimersByTime(900);
    expect(h.state()).toEqual([]);
  });

  it('the close button slides out at once, collapses 300 ms and removes 900 ms later', () => {
    const h = harness();
    const id = h.scheduler.show({ message: 'x', showCloseButton: true });
    jest.advanceTimersByTime(500);
    h.scheduler.dismiss(id);
    expect(h.phases()).toEqual(['leaving']);
    jest.advanceTimersByTime(300);
    expect(h.phases()).toEqual(['collapsing']);
    jest.advanceTimersByTime(600);
    expect(h.state()).toEqual([]);
    // the show's own timers were cancelled: nothing comes back
    jest.advanceTimersByTime(5000);
    expect(h.state()).toEqual([]);
  });

  it('keeps several toasts, each on its own clock, in order', () => {
    const h = harness();
    h.scheduler.show({ message: 'a' });
    jest.advanceTimersByTime(1000);
    h.scheduler.show({ message: 'b' });
    jest.advanceTimersByTime(100);
    expect(h.state().map((t) => [t.message, t.phase])).toEqual([
      ['a', 'visible'],
      ['b', 'visible'],
    ]);
    jest.advanceTimersByTime(1800); // a removed at 2900
    expect(h.state().map((t) => t.message)).toEqual(['b']);
  });

  it('a persistent toast stays until closed and always has a close button', () => {
    const h = harness();
    const id = h.scheduler.show({ message: 'x', closeDuration: 0 });
    jest.advanceTimersByTime(60_000);
    expect(h.state()[0]).toMatchObject({ phase: 'visible', showCloseButton: true });
    h.scheduler.dismiss(id);
    jest.advanceTimersByTime(900);
    expect(h.state()).toEqual([]);
  });

  it('reusing an id restarts that toast instead of stacking it', () => {
    const h = harness();
    h.scheduler.show({ id: 'fav', message: 'a' });
    jest.advanceTimersByTime(1900);
    h.scheduler.show({ id: 'fav', message: 'b' });
    expect(h.state().map((t) => [t.message, t.phase])).toEqual([['b', 'entering']]);
    jest.advanceTimersByTime(1999);
    expect(h.phases()).toEqual(['visible']);
  });

  it('dispose clears the timers', () => {
    const h = harness();
    h.scheduler.show({ message: 'x' });
    h.scheduler.dispose();
    jest.advanceTimersByTime(10_000);
    expect(h.phases()).toEqual(['entering']);
  });
});

describe('toastReducer', () => {
  it('never moves a phase backwards', () => {
    const s: ToastItem[] = [{ id: 'a', message: 'x', closeDuration: 2000, showCloseButton: false, phase: 'leaving' }];
    expect(toastReducer(s, { type: 'phase', id: 'a', phase: 'visible' })[0]?.phase).toBe('leaving');
    expect(toastReducer(s, { type: 'phase', id: 'a', phase: 'collapsing' })[0]?.phase).toBe('collapsing');
  });
});
