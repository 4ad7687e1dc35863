import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { notify } from '../core/native-bridge.js';
import { useOptionalLocation } from '../router/router.js';
import { DEFAULT_CLIENT_CONTEXT, type ClientContext } from './client-context.js';

const Ctx = createContext<ClientContext>(DEFAULT_CLIENT_CONTEXT);

export function ClientContextProvider({ value, children }: { value: ClientContext; children?: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The page's client context (the PC/production default without a provider). */
export function useClientContext(): ClientContext {
  return useContext(Ctx);
}

/**
 * Whether the page on screen was reached from outside the site (SPEC §2.2: referrer empty or another
 * host). The request's referrer decides it for the page the visitor landed on; a page reached by
 * navigating inside the site in the browser has this site as its referrer, as after a full page load,
 * so the landing page's balloon and banner do not follow the visitor around. (The leave popup reads
 * the landing context: it guards the way out of the landing page.)
 */
export function useIsExternalReferrer(): boolean {
  const { isExternalReferrer } = useClientContext();
  const key = useOptionalLocation()?.key ?? 'default';
  return isExternalReferrer && key === 'default';
}

/** notify() bound to the context: the native app gets the message inside the app, window.alert elsewhere. */
export function useNotify(): (message: string) => void {
  const { isApp } = useClientContext();
  return useCallback((message: string) => notify(message, { isApp }), [isApp]);
}
