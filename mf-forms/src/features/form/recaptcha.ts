import type { PublicConfig } from '@sumika/shell-kit';

declare global {
  interface Window {
    grecaptcha?: { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };
  }
}

/**
 * A reCAPTCHA v3 token for a form action. Without a site key (local and test stacks) the shell
 * passes the test token the forms subgraph's local verifier accepts.
 */
export async function recaptchaToken(config: PublicConfig, action: string): Promise<string> {
  const siteKey = config.recaptchaSiteKey;
  if (siteKey && typeof window !== 'undefined') {
    if (!window.grecaptcha) {
      await new Promise<void>((resolve, reject) => {
        const s = document.createElement('script');
        s.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
        s.onload = () => resolve();
        s.onerror = () => reject(new Error('reCAPTCHA failed to load'));
        document.head.appendChild(s);
      });
    }
    const g = window.grecaptcha;
    if (g) return new Promise((resolve, reject) => g.ready(() => g.execute(siteKey, { action }).then(resolve, reject)));
  }
  return config.recaptchaTestToken ?? '';
}
