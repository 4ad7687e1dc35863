import { setTimeout as sleep } from 'node:timers/promises';
import { boundedSignal } from './bounded-signal.js';

describe('boundedSignal', () => {
  it('aborts with a TimeoutError after its budget', async () => {
    const { signal } = boundedSignal(20);
    expect(signal.aborted).toBe(false);
    await sleep(60);
    expect(signal.aborted).toBe(true);
    expect((signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('follows its parent, already aborted or later', () => {
    const early = new AbortController();
    early.abort(new Error('gone'));
    expect(boundedSignal(1000, early.signal).signal.reason).toEqual(new Error('gone'));

    const parent = new AbortController();
    const { signal, release } = boundedSignal(1000, parent.signal);
    parent.abort(new Error('client left'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('client left');
    release();
  });

  it('once released, neither the timer nor the parent reach it', async () => {
    const parent = new AbortController();
    const { signal, release } = boundedSignal(20, parent.signal);
    release();
    parent.abort();
    await sleep(60);
    expect(signal.aborted).toBe(false);
  });
});
