import { useState } from 'react';
import { useClientContext } from '../client-context/client-context-provider.js';
import type { Env } from '../core/constants.js';
import { MESSAGES } from '../core/messages.js';

/** SPEC §2.2/§4: on every environment but production, a banner saying this is a test site; a click hides it. */
export function TestBanner({ env }: { env?: Env }) {
  const ctx = useClientContext();
  const current = env ?? ctx.env;
  const [hidden, setHidden] = useState(false);
  if (current === 'production' || hidden) return null;
  return (
    <button type="button" className="sk-test-banner" onClick={() => setHidden(true)} title="クリックで閉じる">
      <span className="sk-test-banner__env">{current}</span>
      {MESSAGES.testBanner}
    </button>
  );
}
