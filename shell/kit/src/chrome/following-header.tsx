import { FOLLOWING_HEADER_THRESHOLD_PX } from '../core/constants.js';
import type { StockCounts } from '../stock-counts/stock-counts-provider.js';
import { FreeWordForm } from './free-word-form.js';
import { Logo } from './logo.js';
import { StockLinks, useHeaderCounts } from './stock-links.js';
import { useScrollPast } from './use-scroll-past.js';

/** SPEC §2.2/§4: a slim header that slides in once the page is scrolled past 78 px. */
export function FollowingHeader({ counts }: { counts?: StockCounts | null }) {
  const visible = useScrollPast(FOLLOWING_HEADER_THRESHOLD_PX);
  const badges = useHeaderCounts(counts);
  return (
    <div className={`sk-following${visible ? ' sk-following--visible' : ''}`} aria-hidden={!visible} inert={!visible} data-visible={visible}>
      <div className="sk-container sk-following__inner">
        <Logo compact />
        <FreeWordForm compact />
        <StockLinks counts={badges} compact />
      </div>
    </div>
  );
}
