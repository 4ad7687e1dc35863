import { favoriteDialogReducer as reduce, initialFavoriteDialogState, type FavoriteDialogEvent, type FavoriteDialogState } from './favorite-dialog-reducer.js';

const pc = initialFavoriteDialogState({ isSpView: false });
const sp = initialFavoriteDialogState({ isSpView: true });
const run = (s: FavoriteDialogState, ...events: FavoriteDialogEvent[]) => events.reduce(reduce, s);

const added = (keys: string[], deleted: string[] = []): FavoriteDialogEvent => ({
  type: 'addSucceeded',
  globalKeys: keys,
  addGlobalKeys: keys,
  deleteGlobalKeys: deleted,
});

describe('favoriteDialogReducer', () => {
  it('starts closed with the checkbox ticked', () => {
    expect(pc).toMatchObject({ kind: 'none', doNotShowAgain: true, seq: 0, effects: [] });
  });

  describe('successAdd', () => {
    it('desktop: opens the dialog that closes itself after 2.5 s', () => {
      const s = reduce(pc, added(['b1', 'b2']));
      expect(s.kind).toBe('successAdd');
      expect(s.message).toBe('お気に入り物件に追加しました');
      expect(s.globalKeys).toEqual(['b1', 'b2']);
      expect(s.effects).toEqual([
        { type: 'markFavorite', globalKeys: ['b1', 'b2'], favorite: true },
        { type: 'adjustFavoriteCount', delta: 2 },
        { type: 'autoClose', afterMs: 2500, seq: 1 },
      ]);
      expect(reduce(s, { type: 'autoCloseElapsed', seq: 1 })).toMatchObject({ kind: 'none', effects: [] });
    });

    it('desktop: a stale auto-close never closes a newer dialog', () => {
      const first = reduce(pc, added(['b1']));
      const second = reduce(first, added(['b2']));
      expect(second.seq).toBe(2);
      expect(reduce(second, { type: 'autoCloseElapsed', seq: 1 })).toBe(second);
      expect(reduce(second, { type: 'autoCloseElapsed', seq: 2 }).kind).toBe('none');
    });

    it('desktop favorite_feedback=toast: a toast instead of the dialog', () => {
      const s = reduce(initialFavoriteDialogState({ pcFeedback: 'toast' }), added(['b1']));
      expect(s.kind).toBe('none');
      expect(s.effects).toContainEqual({ type: 'toast', message: 'お気に入り物件に追加しました' });
    });

    it('mobile with the do-not-show-again cookie: the toast, no dialog', () => {
      const s = reduce(initialFavoriteDialogState({ isSpView: true, dialogRestricted: true }), added(['b1']));
      expect(s.kind).toBe('none');
      expect(s.effects).toEqual([
        { type: 'markFavorite', globalKeys: ['b1'], favorite: true },
        { type: 'adjustFavoriteCount', delta: 1 },
        { type: 'toast', message: 'お気に入り物件に追加しました' },
      ]);
    });

    it('mobile first time: the dialog with the checkbox ticked, no auto-close; closing sets the cookie', () => {
      const s = reduce(sp, added(['b1']));
      expect(s).toMatchObject({ kind: 'successAdd', doNotShowAgain: true });
      expect(s.effects.some((e) => e.type === 'autoClose')).toBe(false);
      const after = reduce(s, { type: 'close' });
      expect(after.kind).toBe('none');
      expect(after.effects).toEqual([{ type: 'setRestrictionCookie' }]);
      expect(after.config.dialogRestricted).toBe(true);
      // from now on, a toast
      expect(reduce(after, added(['b2'])).effects).toContainEqual({ type: 'toast', message: 'お気に入り物件に追加しました' });
    });

    it('mobile: unticking the box keeps showing the dialog', () => {
      const s = run(sp, added(['b1']), { type: 'toggleDoNotShowAgain', checked: false }, { type: 'close' });
      expect(s).toMatchObject({ kind: 'none', effects: [] });
      expect(s.config.dialogRestricted).toBe(false);
      expect(reduce(s, added(['b2'])).kind).toBe('successAdd');
    });

    it('force-created adds unmark the deleted oldest and count net', () => {
      const s = reduce(pc, added(['new'], ['oldest']));
      expect(s.effects).toEqual([
        { type: 'markFavorite', globalKeys: ['new'], favorite: true },
        { type: 'markFavorite', globalKeys: ['oldest'], favorite: false },
        { type: 'autoClose', afterMs: 2500, seq: 1 },
      ]);
    });
  });

  describe('successDelete', () => {
    it('desktop: 削除しました。 closing after 2.5 s', () => {
      const s = reduce(pc, { type: 'deleteSucceeded', globalKeys: ['b1'], deleteGlobalKeys: ['b1'] });
      expect(s).toMatchObject({ kind: 'successDelete', message: '削除しました。' });
      expect(s.effects).toEqual([
        { type: 'markFavorite', globalKeys: ['b1'], favorite: false },
        { type: 'adjustFavoriteCount', delta: -1 },
        { type: 'autoClose', afterMs: 2500, seq: 1 },
      ]);
      expect(reduce(s, { type: 'autoCloseElapsed', seq: 1 }).kind).toBe('none');
    });
    it('mobile: the toast お気に入りを削除しました', () => {
      const s = reduce(sp, { type: 'deleteSucceeded', globalKeys: ['b1', 'b2'], deleteGlobalKeys: ['b1'] });
      expect(s.kind).toBe('none');
      expect(s.effects).toEqual([
        { type: 'markFavorite', globalKeys: ['b1', 'b2'], favorite: false },
        { type: 'adjustFavoriteCount', delta: -1 },
        { type: 'toast', message: 'お気に入りを削除しました' },
      ]);
    });
  });

  describe('conflict', () => {
    it('desktop: dialog; marks the keys as favorite and raises the count by one', () => {
      const s = reduce(pc, { type: 'addFailed', globalKeys: ['b1', 'b2'], code: 'CONFLICT', conflictKeys: ['b2'] });
      expect(s).toMatchObject({ kind: 'conflict', globalKeys: ['b2'], message: 'すでにお気に入りに追加されています。' });
      expect(s.effects).toEqual([
        { type: 'markFavorite', globalKeys: ['b2'], favorite: true },
        { type: 'adjustFavoriteCount', delta: 1 },
      ]);
      expect(reduce(s, { type: 'close' }).kind).toBe('none');
    });
    it('mobile: a toast, same marking', () => {
      const s = reduce(sp, { type: 'addFailed', globalKeys: ['b1'], code: 'CONFLICT' });
      expect(s.kind).toBe('none');
      expect(s.effects).toEqual([
        { type: 'markFavorite', globalKeys: ['b1'], favorite: true },
        { type: 'adjustFavoriteCount', delta: 1 },
        { type: 'toast', message: 'すでにお気に入りに追加されています。' },
      ]);
    });
  });

  describe('overLimit', () => {
    const over = reduce(pc, { type: 'addFailed', globalKeys: ['b51'], code: 'OVER_LIMIT' });
    it('opens with the limit message and no auto-close', () => {
      expect(over).toMatchObject({ kind: 'overLimit', globalKeys: ['b51'], message: 'お気に入りに保存できる物件は50件までです。', effects: [] });
    });
    it('add anyway re-calls with forceCreate', () => {
      const s = reduce(over, { type: 'addAnyway' });
      expect(s.kind).toBe('none');
      expect(s.effects).toEqual([{ type: 'requestAdd', globalKeys: ['b51'], forceCreate: true }]);
      // …and the forced add then succeeds, deleting the oldest
      expect(reduce(s, added(['b51'], ['b1'])).kind).toBe('successAdd');
    });
    it('view list and close just close', () => {
      expect(reduce(over, { type: 'close' })).toMatchObject({ kind: 'none', effects: [] });
    });
    it('add anyway means nothing in another state', () => {
      expect(reduce(pc, { type: 'addAnyway' })).toBe(pc);
    });
    it('is a dialog on mobile too', () => {
      expect(reduce(sp, { type: 'addFailed', globalKeys: ['x'], code: 'OVER_LIMIT' }).kind).toBe('overLimit');
    });
  });

  describe('error', () => {
    it.each([null, 'BAD_REQUEST', 'USER_ID_ERROR', 'NOT_FOUND'] as const)('add failing with %s: エラーのため保存できませんでした。', (code) => {
      expect(reduce(pc, { type: 'addFailed', globalKeys: ['b1'], code })).toMatchObject({
        kind: 'error',
        message: 'エラーのため保存できませんでした。',
        effects: [],
      });
    });
    it('delete failing: エラーのため削除できませんでした。', () => {
      expect(reduce(sp, { type: 'deleteFailed', globalKeys: ['b1'], code: null })).toMatchObject({
        kind: 'error',
        message: 'エラーのため削除できませんでした。',
      });
    });
    it('error dialogs do not close themselves', () => {
      const s = reduce(pc, { type: 'addFailed', globalKeys: ['b1'], code: null });
      expect(reduce(s, { type: 'autoCloseElapsed', seq: s.seq })).toBe(s);
      expect(reduce(s, { type: 'close' }).kind).toBe('none');
    });
  });

  it('empty selection asks to select at least one (SPEC §5)', () => {
    expect(reduce(pc, { type: 'emptySelection', operation: 'add' })).toMatchObject({
      kind: 'none',
      effects: [{ type: 'alert', message: 'お気に入りに追加する物件を1件以上選択してください。' }],
    });
    expect(reduce(pc, { type: 'emptySelection', operation: 'delete' }).effects).toEqual([
      { type: 'alert', message: '削除する物件を1件以上選択してください。' },
    ]);
  });

  it('configure changes the view without effects; closing when closed is a no-op', () => {
    const s = reduce(pc, { type: 'configure', config: { isSpView: true } });
    expect(s.config.isSpView).toBe(true);
    expect(s.effects).toEqual([]);
    expect(reduce(s, { type: 'close' })).toBe(s);
  });
});
