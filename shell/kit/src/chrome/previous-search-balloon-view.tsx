import type { LastSearchCondition } from '../graphql/operations/required-user-data.js';
import { KitLink } from '../router/kit-link.js';
import { balloonRows } from './balloon-rows.js';
import { HistoryIcon } from './icons.js';

/** The balloon's markup (its own chunk: only visitors who get the balloon load it). */
export function PreviousSearchBalloonView({
  condition: c,
  onClose: setClosed,
}: {
  condition: LastSearchCondition & { searchPath: string };
  onClose: (closed: true) => void;
}) {
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
