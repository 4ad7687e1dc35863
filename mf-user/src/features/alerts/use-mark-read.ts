import { useMutation } from '@apollo/client/react';
import { useStockCounts } from '@sumika/shell-kit';
import { useEffect, useRef } from 'react';
import { MARK_ALERTS_READ } from './api/mark-alerts-read.js';

/**
 * Once the page has shown these unread alerts, marks them read (the changes stay on screen until the
 * visitor leaves) and moves the header's change badge to the count left.
 */
export function useMarkAlertsRead(ids: readonly string[]): void {
  const [mark] = useMutation(MARK_ALERTS_READ);
  const { set } = useStockCounts();
  const key = ids.join(',');
  const done = useRef('');
  useEffect(() => {
    if (!key || done.current === key) return;
    done.current = key;
    mark({ variables: { ids: key.split(',') } })
      .then(({ data }) => {
        if (data) set({ alert: data.markAlertsRead.unreadCount });
      })
      .catch(() => {
        // Unread stays unread: the changes show again next time.
      });
  }, [key, mark, set]);
}
