import { useEffect, useId, type ReactNode } from 'react';
import { PATHS } from '../core/constants.js';
import { KitLink } from '../router/kit-link.js';
import { AlertIcon, CheckCircleIcon, CloseIcon, HeartFilledIcon, InfoIcon } from '../chrome/icons.js';
import type { FavoriteDialogEvent, FavoriteDialogState } from './favorite-dialog-reducer.js';

export interface FavoriteDialogProps {
  state: FavoriteDialogState;
  isSpView: boolean;
  send(event: FavoriteDialogEvent): void;
}

/** The favorite dialogs of SPEC §4/§8 (rendered once, by FavoritesProvider). */
export function FavoriteDialog({ state, isSpView, send }: FavoriteDialogProps) {
  const titleId = useId();
  const open = state.kind !== 'none';
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') send({ type: 'close' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, send]);
  if (!open) return null;

  const close = () => send({ type: 'close' });
  const listLink = (label = 'お気に入り一覧を見る', primary = false) => (
    <KitLink to={PATHS.favorite} className={`sk-button ${primary ? 'sk-button--primary' : 'sk-button--secondary'}`} onClick={close}>
      {label}
    </KitLink>
  );

  let icon = <InfoIcon size={36} />;
  let tone = 'info';
  let body: ReactNode = null;
  let actions: ReactNode = (
    <button type="button" className="sk-button sk-button--secondary" onClick={close}>
      閉じる
    </button>
  );

  switch (state.kind) {
    case 'successAdd':
      icon = <HeartFilledIcon size={36} />;
      tone = 'success';
      if (isSpView) {
        body = (
          <>
            <p className="sk-dialog__text">追加した物件は「お気に入り」からいつでも確認できます。</p>
            <label className="sk-checkbox">
              <input
                type="checkbox"
                checked={state.doNotShowAgain}
                onChange={(e) => send({ type: 'toggleDoNotShowAgain', checked: e.currentTarget.checked })}
              />
              <span>次回から表示しない</span>
            </label>
          </>
        );
        actions = (
          <>
            {listLink('お気に入り一覧へ', true)}
            <button type="button" className="sk-button sk-button--secondary" onClick={close}>
              閉じる
            </button>
          </>
        );
      } else {
        body = <p className="sk-dialog__text">お気に入り一覧で、物件の比較やお問い合わせができます。</p>;
        actions = listLink('お気に入り一覧を見る', true);
      }
      break;
    case 'successDelete':
      icon = <CheckCircleIcon size={36} />;
      tone = 'success';
      break;
    case 'conflict':
      icon = <InfoIcon size={36} />;
      body = <p className="sk-dialog__text">お気に入り一覧からご確認ください。</p>;
      actions = (
        <>
          {listLink('お気に入り一覧を見る', true)}
          <button type="button" className="sk-button sk-button--secondary" onClick={close}>
            閉じる
          </button>
        </>
      );
      break;
    case 'overLimit':
      icon = <AlertIcon size={36} />;
      tone = 'warning';
      body = <p className="sk-dialog__text">追加すると、いちばん古いお気に入り物件が削除されます。</p>;
      actions = (
        <>
          <button type="button" className="sk-button sk-button--primary" onClick={() => send({ type: 'addAnyway' })}>
            古い物件を削除して追加する
          </button>
          {listLink('お気に入り一覧を見る')}
          <button type="button" className="sk-button sk-button--text" onClick={close}>
            閉じる
          </button>
        </>
      );
      break;
    case 'error':
      icon = <AlertIcon size={36} />;
      tone = 'error';
      break;
  }

  return (
    <div className="sk-modal" role="presentation" onClick={(e) => e.target === e.currentTarget && close()}>
      <div
        className={`sk-dialog sk-dialog--${tone}${isSpView ? ' sk-dialog--sp' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-kind={state.kind}
      >
        <button type="button" className="sk-dialog__close" aria-label="閉じる" onClick={close}>
          <CloseIcon size={18} />
        </button>
        <div className="sk-dialog__icon">{icon}</div>
        <p id={titleId} className="sk-dialog__title">
          {state.message}
        </p>
        {body}
        <div className="sk-dialog__actions">{actions}</div>
      </div>
    </div>
  );
}
