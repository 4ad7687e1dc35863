import { MESSAGES } from '../core/messages.js';
import { AlertIcon } from './icons.js';

export interface ErrorBoxProps {
  message?: string;
  title?: string;
  /** Shows the retry button (e.g. reload a remote that failed). */
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failed part of the page (a remote that did not load or render): message and retry, inside the layout. */
export function ErrorBox({ message = MESSAGES.remoteFailed, title = '読み込みに失敗しました', onRetry, retryLabel = '再読み込み' }: ErrorBoxProps) {
  return (
    <div className="sk-error-box" role="alert">
      <AlertIcon size={28} className="sk-error-box__icon" />
      <div className="sk-error-box__body">
        <p className="sk-error-box__title">{title}</p>
        <p className="sk-error-box__message">{message}</p>
        {onRetry && (
          <button type="button" className="sk-button sk-button--secondary sk-button--small" onClick={onRetry}>
            {retryLabel}
          </button>
        )}
      </div>
    </div>
  );
}
