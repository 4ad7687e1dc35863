import { createContext, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { ToastScheduler, toastReducer, type ShowToastOptions, type ToastItem } from './toast-timeline.js';

export interface ToastApi {
  /** Shows a toast at the top of the screen; returns its id. */
  show(opts: ShowToastOptions): string;
  /** Closes a toast now (what its close button does). */
  dismiss(id: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** One per site (the kit is a Module Federation singleton): remotes call useToast().show(…), never render their own. */
export function ToastProvider({ children }: { children?: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const [scheduler] = useState(() => new ToastScheduler(dispatch));
  useEffect(() => () => scheduler.dispose(), [scheduler]);
  const api = useMemo<ToastApi>(() => ({ show: (o) => scheduler.show(o), dismiss: (id) => scheduler.dismiss(id) }), [scheduler]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onClose={api.dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it (the shell renders one).');
  return api;
}

/** The toast API when there is a provider, else null (kit components that work without toasts). */
export function useOptionalToast(): ToastApi | null {
  return useContext(ToastContext);
}

function ToastViewport({ toasts, onClose }: { toasts: readonly ToastItem[]; onClose(id: string): void }) {
  return (
    <div className="sk-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`sk-toast sk-toast--${t.phase}`} data-phase={t.phase}>
          <div className="sk-toast__body">
            <svg className="sk-toast__icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.18" />
              <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span className="sk-toast__message">{t.message}</span>
            {t.showCloseButton && (
              <button type="button" className="sk-toast__close" aria-label="閉じる" onClick={() => onClose(t.id)}>
                ×
              </button>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
