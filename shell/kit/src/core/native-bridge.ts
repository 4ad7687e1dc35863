/**
 * SPEC §4: inside the native app, alerts are posted to the app instead of window.alert.
 * iOS exposes `window.webkit.messageHandlers.sumika`, Android `window.SumikaAndroid`.
 */

export interface NativeBridgeMessage {
  type: 'alert';
  message: string;
}

interface BridgeWindow {
  webkit?: { messageHandlers?: { sumika?: { postMessage(message: unknown): void } } };
  SumikaAndroid?: { postMessage(message: string): void };
  alert?: (message: string) => void;
}

/** Posts to the native app when its bridge is there; returns false when there is none. */
export function postToNativeApp(message: NativeBridgeMessage): boolean {
  if (typeof window === 'undefined') return false;
  const w = window as unknown as BridgeWindow;
  const ios = w.webkit?.messageHandlers?.sumika;
  if (ios) {
    ios.postMessage(message);
    return true;
  }
  if (w.SumikaAndroid) {
    // Android's JavascriptInterface takes strings only.
    w.SumikaAndroid.postMessage(JSON.stringify(message));
    return true;
  }
  return false;
}

/**
 * Tells the visitor something that needs acknowledging: a native-app message in the app
 * (when `isApp` is false the bridge is not tried), window.alert in a browser, nothing on the server.
 */
export function notify(message: string, opts: { isApp?: boolean } = {}): void {
  if (typeof window === 'undefined') return;
  if (opts.isApp !== false && postToNativeApp({ type: 'alert', message })) return;
  (window as unknown as BridgeWindow).alert?.(message);
}
