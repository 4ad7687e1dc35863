import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { notify } from '../core/native-bridge.js';
import { DEFAULT_CLIENT_CONTEXT, type ClientContext } from './client-context.js';

const Ctx = createContext<ClientContext>(DEFAULT_CLIENT_CONTEXT);

export function ClientContextProvider({ value, children }: { value: ClientContext; children?: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The page's client context (the PC/production default without a provider). */
export function useClientContext(): ClientContext {
  return useContext(Ctx);
}

/** notify() bound to the context: the native app gets the message inside the app, window.alert elsewhere. */
export function useNotify(): (message: string) => void {
  const { isApp } = useClientContext();
  return useCallback((message: string) => notify(message, { isApp }), [isApp]);
}
