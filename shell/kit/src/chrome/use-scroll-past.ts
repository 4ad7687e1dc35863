import { useEffect, useState } from 'react';
import { SCROLL_THROTTLE_MS } from '../core/constants.js';
import { throttle } from '../core/throttle.js';

/**
 * True once the page is scrolled more than `threshold` px (false during SSR and the first
 * render, so hydration matches). `delayMs` holds back the switch to true; back above the
 * threshold it turns false at once. The scroll handler is throttled.
 */
export function useScrollPast(threshold: number, delayMs = 0): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = (): void => {
      if (window.scrollY > threshold) {
        if (delayMs <= 0) setPast(true);
        else
          timer ??= setTimeout(() => {
            timer = undefined;
            setPast(window.scrollY > threshold);
          }, delayMs);
      } else {
        clearTimeout(timer);
        timer = undefined;
        setPast(false);
      }
    };
    const onScroll = throttle(check, SCROLL_THROTTLE_MS);
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
      clearTimeout(timer);
    };
  }, [threshold, delayMs]);
  return past;
}
