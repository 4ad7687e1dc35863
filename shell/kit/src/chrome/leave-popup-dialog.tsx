import { useId } from 'react';
import { useClientContext } from '../client-context/client-context-provider.js';
import { BRAND, EXTERNAL_LINKS, cashbackAmount } from '../core/constants.js';
import { formatNumber } from '../core/format.js';
import { appPlatformOf, appStoreLink } from '../core/links.js';
import { MESSAGES } from '../core/messages.js';
import { CloseIcon, HouseMark, MessageIcon } from './icons.js';
import type { LeavePopupDialogProps } from './leave-popup-types.js';

export type { LeavePopupDialogProps };

/**
 * The open leave-page popup 'お知らせ' (see LeavePopup). A lazy chunk of its own: only a back press on
 * the landing page shows it, so no page needs it to render or hydrate.
 */
export function LeavePopupDialog({ variant, close, leave }: LeavePopupDialogProps) {
  const ctx = useClientContext();
  const titleId = useId();
  const amount = formatNumber(cashbackAmount(new Date()));
  return (
    <div className="sk-modal" role="presentation" onClick={(e) => e.target === e.currentTarget && close()}>
      <div className="sk-dialog sk-leave" role="dialog" aria-modal="true" aria-labelledby={titleId} data-variant={variant}>
        <button type="button" className="sk-dialog__close" aria-label="閉じる" onClick={close}>
          <CloseIcon size={18} />
        </button>
        <p id={titleId} className="sk-leave__title">
          {MESSAGES.leavePopupTitle}
        </p>
        {variant === 'app' ? (
          <>
            <div className="sk-leave__visual" aria-hidden="true">
              <HouseMark size={56} />
              <div className="sk-leave__campaign">
                <span>お引越しでお祝い金</span>
                <strong>最大{amount}円</strong>
                <span>キャッシュバック</span>
              </div>
            </div>
            <p className="sk-leave__text">{BRAND.name}公式アプリなら、新着物件の通知やお気に入りの管理がもっと便利に。</p>
            <a
              className="sk-button sk-button--primary sk-button--block"
              href={appStoreLink({ platform: appPlatformOf(ctx), pid: 'leave_popup', refCode: ctx.refCode })}
              target="_blank"
              rel="noopener noreferrer"
            >
              アプリをダウンロード（無料）
            </a>
          </>
        ) : (
          <>
            <div className="sk-leave__visual sk-leave__visual--line" aria-hidden="true">
              <MessageIcon size={48} />
              <div className="sk-leave__campaign">
                <span>LINE公式アカウント</span>
                <strong>友だち募集中</strong>
              </div>
            </div>
            <p className="sk-leave__text">友だち追加で、新着物件やキャンペーン情報をLINEでお届けします。</p>
            <a className="sk-button sk-button--line sk-button--block" href={EXTERNAL_LINKS.messagingFriendAdd} target="_blank" rel="noopener noreferrer">
              友だち追加する
            </a>
          </>
        )}
        <button type="button" className="sk-button sk-button--text sk-button--block" onClick={leave}>
          このページから離れる
        </button>
      </div>
    </div>
  );
}
