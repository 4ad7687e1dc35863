/**
 * The favorite dialog of SPEC §4 as a pure state machine. States: none, successAdd, successDelete,
 * conflict, overLimit, error. Each transition also lists the side effects it asks for (toasts,
 * timers, badge counts, a re-call with forceCreate, the 'do not show again' cookie); the provider
 * runs them, so every rule here is testable without React or a network.
 */
import { FAVORITE_DIALOG_AUTO_CLOSE_MS } from '../core/constants.js';
import type { ErrorCode } from '../core/errors.js';
import { MESSAGES } from '../core/messages.js';

export type FavoriteDialogKind = 'none' | 'successAdd' | 'successDelete' | 'conflict' | 'overLimit' | 'error';

export interface FavoriteDialogConfig {
  /** Mobile view: success is a toast (or the first-time dialog with 'do not show again'). */
  isSpView: boolean;
  /** The mobile 'do not show again' cookie is set: mobile success is a toast only. */
  dialogRestricted: boolean;
  /** PC feedback after adding (the favorite_feedback A/B test): the self-closing dialog or a toast. */
  pcFeedback: 'dialog' | 'toast';
}

export type FavoriteEffect =
  | { type: 'toast'; message: string }
  /** Needs acknowledging: window.alert, or the native app's message inside the app. */
  | { type: 'alert'; message: string }
  | { type: 'autoClose'; afterMs: number; seq: number }
  | { type: 'markFavorite'; globalKeys: string[]; favorite: boolean }
  | { type: 'adjustFavoriteCount'; delta: number }
  | { type: 'requestAdd'; globalKeys: string[]; forceCreate: boolean }
  | { type: 'setRestrictionCookie' };

export interface FavoriteDialogState {
  kind: FavoriteDialogKind;
  /** The keys the open dialog is about (overLimit re-adds them). */
  globalKeys: string[];
  /** What the dialog says. */
  message: string;
  /** Mobile success dialog checkbox, ticked by default. */
  doNotShowAgain: boolean;
  /** Counts the dialogs opened, so an old auto-close timer never closes a newer dialog. */
  seq: number;
  config: FavoriteDialogConfig;
  /** Side effects asked for by the transition that produced this state (run once by the provider). */
  effects: FavoriteEffect[];
}

export type FavoriteDialogEvent =
  | { type: 'configure'; config: Partial<FavoriteDialogConfig> }
  | { type: 'emptySelection'; operation: 'add' | 'delete' }
  | { type: 'addSucceeded'; globalKeys: string[]; addGlobalKeys: string[]; deleteGlobalKeys: string[] }
  /** code: the SPEC §8 code of the failure; conflictKeys: CONFLICT's `extensions.globalKeys`. */
  | { type: 'addFailed'; globalKeys: string[]; code: ErrorCode | null; conflictKeys?: string[] }
  | { type: 'deleteSucceeded'; globalKeys: string[]; deleteGlobalKeys: string[] }
  | { type: 'deleteFailed'; globalKeys: string[]; code: ErrorCode | null }
  /** overLimit's 'add anyway': re-call with forceCreate, which deletes the oldest favorite. */
  | { type: 'addAnyway' }
  | { type: 'toggleDoNotShowAgain'; checked: boolean }
  /** The close button, the backdrop, Escape, or following the 'view list' link. */
  | { type: 'close' }
  | { type: 'autoCloseElapsed'; seq: number };

export function initialFavoriteDialogState(config: Partial<FavoriteDialogConfig> = {}): FavoriteDialogState {
  return {
    kind: 'none',
    globalKeys: [],
    message: '',
    doNotShowAgain: true,
    seq: 0,
    config: { isSpView: false, dialogRestricted: false, pcFeedback: 'dialog', ...config },
    effects: [],
  };
}

const closed = (s: FavoriteDialogState, effects: FavoriteEffect[] = []): FavoriteDialogState => ({
  ...s,
  kind: 'none',
  globalKeys: [],
  message: '',
  effects,
});

const open = (
  s: FavoriteDialogState,
  kind: Exclude<FavoriteDialogKind, 'none'>,
  globalKeys: string[],
  message: string,
  effects: FavoriteEffect[] = [],
): FavoriteDialogState => {
  const seq = s.seq + 1;
  const autoClose = (kind === 'successAdd' && !s.config.isSpView) || (kind === 'successDelete' && !s.config.isSpView);
  return {
    ...s,
    kind,
    globalKeys,
    message,
    doNotShowAgain: true,
    seq,
    effects: autoClose ? [...effects, { type: 'autoClose', afterMs: FAVORITE_DIALOG_AUTO_CLOSE_MS, seq }] : effects,
  };
};

export function favoriteDialogReducer(state: FavoriteDialogState, event: FavoriteDialogEvent): FavoriteDialogState {
  switch (event.type) {
    case 'configure':
      return { ...state, config: { ...state.config, ...event.config }, effects: [] };

    case 'emptySelection':
      // SPEC §5: nothing selected.
      return {
        ...state,
        effects: [{ type: 'alert', message: event.operation === 'add' ? MESSAGES.noFavoriteSelected : MESSAGES.noFavoriteSelectedForDelete }],
      };

    case 'addSucceeded': {
      const effects: FavoriteEffect[] = [{ type: 'markFavorite', globalKeys: event.globalKeys, favorite: true }];
      if (event.deleteGlobalKeys.length) effects.push({ type: 'markFavorite', globalKeys: event.deleteGlobalKeys, favorite: false });
      const delta = event.addGlobalKeys.length - event.deleteGlobalKeys.length;
      if (delta) effects.push({ type: 'adjustFavoriteCount', delta });
      const { isSpView, dialogRestricted, pcFeedback } = state.config;
      // Mobile: the toast, or (until 'do not show again') the dialog with the checkbox. PC: the self-closing dialog, or the toast variant.
      const toastOnly = isSpView ? dialogRestricted : pcFeedback === 'toast';
      if (toastOnly) return closed(state, [...effects, { type: 'toast', message: MESSAGES.favoriteAdded }]);
      return open(state, 'successAdd', event.globalKeys, MESSAGES.favoriteAdded, effects);
    }

    case 'addFailed': {
      if (event.code === 'CONFLICT') {
        // SPEC §4: mark the keys as already favorite and raise the count by one.
        const keys = event.conflictKeys?.length ? event.conflictKeys : event.globalKeys;
        const effects: FavoriteEffect[] = [
          { type: 'markFavorite', globalKeys: keys, favorite: true },
          { type: 'adjustFavoriteCount', delta: 1 },
        ];
        // SPEC §8: mobile toast; desktop dialog with a link to the list.
        if (state.config.isSpView) return closed(state, [...effects, { type: 'toast', message: MESSAGES.favoriteConflict }]);
        return open(state, 'conflict', keys, MESSAGES.favoriteConflict, effects);
      }
      if (event.code === 'OVER_LIMIT') return open(state, 'overLimit', event.globalKeys, MESSAGES.favoriteOverLimit);
      return open(state, 'error', event.globalKeys, MESSAGES.favoriteAddFailed);
    }

    case 'addAnyway':
      if (state.kind !== 'overLimit') return state;
      return closed(state, [{ type: 'requestAdd', globalKeys: state.globalKeys, forceCreate: true }]);

    case 'deleteSucceeded': {
      const effects: FavoriteEffect[] = [{ type: 'markFavorite', globalKeys: event.globalKeys, favorite: false }];
      if (event.deleteGlobalKeys.length) effects.push({ type: 'adjustFavoriteCount', delta: -event.deleteGlobalKeys.length });
      if (state.config.isSpView) return closed(state, [...effects, { type: 'toast', message: MESSAGES.favoriteDeletedToast }]);
      return open(state, 'successDelete', event.globalKeys, MESSAGES.favoriteDeleted, effects);
    }

    case 'deleteFailed':
      return open(state, 'error', event.globalKeys, MESSAGES.favoriteDeleteFailed);

    case 'toggleDoNotShowAgain':
      return { ...state, doNotShowAgain: event.checked, effects: [] };

    case 'close': {
      if (state.kind === 'none') return state;
      // Closing the mobile success dialog with the box ticked: never show it again (90-day cookie).
      if (state.kind === 'successAdd' && state.config.isSpView && state.doNotShowAgain) {
        return closed({ ...state, config: { ...state.config, dialogRestricted: true } }, [{ type: 'setRestrictionCookie' }]);
      }
      return closed(state);
    }

    case 'autoCloseElapsed':
      if (event.seq !== state.seq || (state.kind !== 'successAdd' && state.kind !== 'successDelete')) return state;
      return closed(state);
  }
}
