import { useState } from 'react';
import { useClientContext, useIsExternalReferrer } from '../client-context/client-context-provider.js';
import { MESSAGES } from '../core/messages.js';
import type { LastSearchCondition } from '../graphql/operations/required-user-data.js';
import { KitLink } from '../router/kit-link.js';
import { useOptionalStockCounts } from '../stock-counts/stock-counts-provider.js';
import { HistoryIcon } from './icons.js';

export interface PreviousSearchBalloonProps {
  /** Default: the lastSearchCondition the StockCountsProvider read. */
  condition?: LastSearchCondition | null;
}

/**
 * The rows of the balloon (SPEC §2.2); empty ones are left out. こだわりの条件 is the conditions alone
 * (the places have their rows), 指定なし when the search had none.
 */
export function balloonRows(c: LastSearchCondition): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (c.prefectureName) rows.push({ label: '都道府県', value: c.prefectureName });
  const city = [c.gdCityName, c.citiesShortName].filter(Boolean).join(' ');
  if (city) rows.push({ label: '市区町村', value: city });
  if (c.linesStationsName) rows.push({ label: '路線・駅', value: c.linesStationsName });
  if (c.specialName) rows.push({ label: '特集', value: c.specialName });
  rows.push({ label: 'こだわりの条件', value: c.conditionText || MESSAGES.noSpecificCondition });
  return rows;
}

/**
 * SPEC §2.2 PC balloon: the previous search condition, for externally referred visitors with a saved search
 * path. It is a bar in the page's flow above the heading (never over the content), reached by Tab after
 * the header, and closed by its 閉じる button or Escape (one close control: a second
 * icon button named 閉じる said the same thing twice to screen readers).
 */
export function PreviousSearchBalloon({ condition }: PreviousSearchBalloonProps) {
  const ctx = useClientContext();
  const external = useIsExternalReferrer();
  const stock = useOptionalStockCounts();
  const [closed, setClosed] = useState(false);
  const c = condition === undefined ? (stock?.lastSearchCondition ?? null) : condition;
  if (closed || ctx.isSpView || !external || !c?.searchPath) return null;
  return (
    <aside
      className="sk-balloon"
      aria-label="前回の検索条件"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setClosed(true);
      }}
    >
      <div className="sk-balloon__head">
        <HistoryIcon size={18} />
        <strong>前回の検索条件</strong>
      </div>
      <dl className="sk-balloon__rows">
        {balloonRows(c).map((r) => (
          <div key={r.label}>
            <dt>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
      </dl>
      <div className="sk-balloon__actions">
        <button type="button" className="sk-button sk-button--secondary sk-button--small" onClick={() => setClosed(true)}>
          閉じる
        </button>
        <KitLink to={c.searchPath} className="sk-button sk-button--primary sk-button--small" onClick={() => setClosed(true)}>
          この条件で検索する
        </KitLink>
      </div>
    </aside>
  );
}
