import { KitLink, useOptionalStockCounts } from '@sumika/shell-kit';
import type { ReactNode } from 'react';

/**
 * An empty list that leads back to the search: what is missing in one line, how to fill it, a button
 * to 賃貸トップ and, when the visitor has searched before, one to that search again.
 */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  const last = useOptionalStockCounts()?.lastSearchCondition;
  return (
    <div className="u-empty" data-testid="empty-state">
      <p className="u-empty__title">{title}</p>
      {children && <p className="u-empty__text">{children}</p>}
      <p className="u-empty__actions">
        <KitLink className="sk-button sk-button--primary" to="/">
          賃貸トップから物件を探す
        </KitLink>
        {last?.searchPath && (
          <KitLink className="sk-button sk-button--secondary" to={last.searchPath}>
            前回の条件で探す
          </KitLink>
        )}
      </p>
    </div>
  );
}
