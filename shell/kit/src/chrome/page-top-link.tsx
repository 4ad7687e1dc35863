import { useClientContext } from '../client-context/client-context-provider.js';
import { PAGE_TOP_DELAY_MS, PAGE_TOP_THRESHOLD_PX } from '../core/constants.js';
import { ArrowUpIcon } from './icons.js';
import { useScrollPast } from './use-scroll-past.js';

/** SPEC §2.2/§4: floating 'back to top', shown 500 ms after scrolling past 100 px (throttled); not in the app. */
export function PageTopLink() {
  const { isApp } = useClientContext();
  const visible = useScrollPast(PAGE_TOP_THRESHOLD_PX, PAGE_TOP_DELAY_MS);
  if (isApp) return null;
  return (
    <a
      href="#sk-top"
      className={`sk-page-top${visible ? ' sk-page-top--visible' : ''}`}
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      data-visible={visible}
      onClick={(e) => {
        e.preventDefault();
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }}
    >
      <ArrowUpIcon size={20} />
      <span>TOP</span>
    </a>
  );
}
