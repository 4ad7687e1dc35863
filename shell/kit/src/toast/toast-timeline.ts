/**
 * SPEC §4 toast timing as data: a toast slides in 100 ms after it is shown, slides out after
 * closeDuration (default 2000 ms), collapses 300 ms later and is removed 600 ms after that; the
 * close button starts the slide-out at once. The reducer is pure; the scheduler owns the timers.
 */
import { TOAST_COLLAPSE_DELAY_MS, TOAST_DEFAULT_CLOSE_MS, TOAST_ENTER_DELAY_MS, TOAST_REMOVE_DELAY_MS } from '../core/constants.js';

/** entering: mounted above the screen edge; visible: slid in; leaving: sliding out; collapsing: its space closing. */
export type ToastPhase = 'entering' | 'visible' | 'leaving' | 'collapsing';

/** SPEC §3 Toast: id, message, closeDuration, showCloseButton. */
export interface Toast {
  id: string;
  message: string;
  closeDuration: number;
  showCloseButton: boolean;
}
export interface ToastItem extends Toast {
  phase: ToastPhase;
}

export type ToastAction = { type: 'show'; toast: Toast } | { type: 'phase'; id: string; phase: ToastPhase } | { type: 'remove'; id: string };

const PHASE_ORDER: Record<ToastPhase, number> = { entering: 0, visible: 1, leaving: 2, collapsing: 3 };

export function toastReducer(state: readonly ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case 'show':
      if (state.some((t) => t.id === action.toast.id)) return [...state];
      return [...state, { ...action.toast, phase: 'entering' }];
    case 'phase':
      // Phases only move forward: a late timer never brings a closing toast back.
      return state.map((t) => (t.id === action.id && PHASE_ORDER[action.phase] > PHASE_ORDER[t.phase] ? { ...t, phase: action.phase } : t));
    case 'remove':
      return state.filter((t) => t.id !== action.id);
  }
}

export type ToastStep = { at: number; action: 'visible' | 'leaving' | 'collapsing' | 'remove' };

/** A toast that stays until closed: closeDuration 0, negative or Infinity. */
export const isPersistent = (closeDuration: number): boolean => !Number.isFinite(closeDuration) || closeDuration <= 0;

/** Steps after show, in ms from the show: 100 slide in, closeDuration slide out, +300 collapse, +600 remove. */
export function toastTimeline(closeDuration: number = TOAST_DEFAULT_CLOSE_MS): ToastStep[] {
  const steps: ToastStep[] = [{ at: TOAST_ENTER_DELAY_MS, action: 'visible' }];
  if (isPersistent(closeDuration)) return steps;
  const out = Math.max(closeDuration, TOAST_ENTER_DELAY_MS);
  return [
    ...steps,
    { at: out, action: 'leaving' },
    { at: out + TOAST_COLLAPSE_DELAY_MS, action: 'collapsing' },
    { at: out + TOAST_COLLAPSE_DELAY_MS + TOAST_REMOVE_DELAY_MS, action: 'remove' },
  ];
}

/** Steps after the close button, in ms from the click: slide out now, collapse at 300, remove at 900. */
export function dismissTimeline(): ToastStep[] {
  return [
    { at: 0, action: 'leaving' },
    { at: TOAST_COLLAPSE_DELAY_MS, action: 'collapsing' },
    { at: TOAST_COLLAPSE_DELAY_MS + TOAST_REMOVE_DELAY_MS, action: 'remove' },
  ];
}

export interface ShowToastOptions {
  message: string;
  /** ms until the toast slides out (default 2000); 0 or Infinity keeps it until closed. */
  closeDuration?: number;
  /** Adds a close button (always there for a toast that stays). */
  showCloseButton?: boolean;
  /** Reuse an id to avoid stacking the same toast twice. */
  id?: string;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Turns show/dismiss into the timed actions of the timeline. Works without React (tested with fake timers). */
export class ToastScheduler {
  private seq = 0;
  private readonly pending = new Map<string, unknown[]>();

  constructor(
    private readonly dispatch: (action: ToastAction) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  show(opts: ShowToastOptions): string {
    const closeDuration = opts.closeDuration ?? TOAST_DEFAULT_CLOSE_MS;
    const id = opts.id ?? `sk-toast-${++this.seq}`;
    this.cancel(id);
    this.dispatch({ type: 'remove', id });
    this.dispatch({ type: 'show', toast: { id, message: opts.message, closeDuration, showCloseButton: opts.showCloseButton ?? isPersistent(closeDuration) } });
    this.schedule(id, toastTimeline(closeDuration));
    return id;
  }

  dismiss(id: string): void {
    this.cancel(id);
    this.schedule(id, dismissTimeline());
  }

  /** Clears every timer (unmount); the scheduler stays usable. */
  dispose(): void {
    for (const id of [...this.pending.keys()]) this.cancel(id);
  }

  private schedule(id: string, steps: ToastStep[]): void {
    const handles: unknown[] = [];
    for (const step of steps) {
      const run = (): void => {
        if (step.action === 'remove') {
          this.pending.delete(id);
          this.dispatch({ type: 'remove', id });
        } else this.dispatch({ type: 'phase', id, phase: step.action });
      };
      if (step.at <= 0) run();
      else handles.push(this.timers.setTimeout(run, step.at));
    }
    this.pending.set(id, handles);
  }

  private cancel(id: string): void {
    for (const h of this.pending.get(id) ?? []) this.timers.clearTimeout(h);
    this.pending.delete(id);
  }
}
