import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink } from '@sumika/shell-kit';
import type { PageQueries, PageQueriesInput, RemotePageProps } from '@sumika/shell-kit';
import { parseSearchUrl, searchQueryEntries, searchUrlOf, type SearchUrlCondition } from '@sumika/spec';
import { useCallback, useRef, useState } from 'react';
import type { SearchMapBoundsQueryVariables, SearchMapInfoQueryVariables } from '../__generated__/operations.js';
import { ListingsUnavailable } from '../features/bukken-card/index.js';
import { FilterForm } from '../features/results/index.js';
import {
  boxFromSearch,
  boxParams,
  cellLabel,
  CellList,
  clampBox,
  hasBoxParams,
  levelForZoom,
  MapCanvas,
  SEARCH_MAP_BOUNDS,
  SEARCH_MAP_BUKKENS,
  SEARCH_MAP_INFO,
  zoomForBox,
  type Box,
} from '../features/map/index.js';
import { formatRent } from '../ui/format.js';
import { SearchStyles } from '../ui/styles.js';

/** The map's width the first view's level is chosen for (the PC layout's main column). */
const FIRST_VIEW_PX = 760;

interface MapView {
  box: Box;
  zoom: number;
}

/** The search's place and condition as the map queries take them (the results pages' arguments). */
function searchVariables(c: SearchUrlCondition): SearchMapBoundsQueryVariables {
  return {
    prefecturePath: c.prefecturePath ?? null,
    cityCodes: c.cityCodes ?? null,
    townCodes: c.townCodes ?? null,
    lineCodes: c.lineCodes ?? null,
    stationCodes: c.stationCodes ?? null,
    searchCondition: c.searchCondition ?? null,
  };
}

const hasPlace = (c: SearchUrlCondition): boolean =>
  c.prefecturePath !== undefined || !!c.cityCodes?.length || !!c.townCodes?.length || !!c.lineCodes?.length || !!c.stationCodes?.length;

/**
 * The map's reads: the URL's box and the search (the results pages' query keys). A search with a
 * place and no box of its own opens on the box around its matches (`fit`); otherwise on the URL's box.
 */
function mapReads(routeId: string, params: Record<string, string>, search: string) {
  const parsed = parseSearchUrl(routeId, params, search);
  const condition: SearchUrlCondition = parsed.ok ? parsed.condition : {};
  const box = boxFromSearch(search);
  const fit = parsed.ok && hasPlace(condition) && !hasBoxParams(search);
  return { parsed, condition, fit, first: { box, zoom: zoomForBox(box, FIRST_VIEW_PX) } };
}

const viewOfBox = (box: Box): MapView => {
  const clamped = clampBox(box);
  return { box: clamped, zoom: zoomForBox(clamped, FIRST_VIEW_PX) };
};

function infoVariables(view: MapView, condition: SearchUrlCondition): SearchMapInfoQueryVariables {
  return { level: levelForZoom(view.zoom), ...view.box, ...searchVariables(condition) };
}

/** What the first render reads: the shell fetches it before rendering (the place's box first when the map fits it). */
export const pageQueries: PageQueries = ({ route, params, search }: PageQueriesInput) => {
  const { parsed, condition, fit, first } = mapReads(route.id, params, search);
  if (!parsed.ok) return [];
  return fit ? [{ query: SEARCH_MAP_BOUNDS, variables: searchVariables(condition) }] : [{ query: SEARCH_MAP_INFO, variables: infoVariables(first, condition) }];
};

/**
 * /search/map: listings per GeoHex cell over a map (pan and zoom, the URL following), the same
 * こだわり conditions as the results pages (their query keys), the cells also as a list; choosing a
 * cell lists its listings.
 */
export default function MapPage({ route, params, search, setMeta, setStatus, config }: RemotePageProps) {
  setMeta({
    title: '地図から賃貸物件を探す｜すみか',
    description: '地図上の物件数を見ながら、住みたい場所の賃貸物件を探せます。',
    canonical: '/search/map',
    pageTitle: '地図から探す',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '地図から探す' }],
  });
  const reads = mapReads(route.id, params, search);
  const { condition } = reads;
  const conditionQuery = searchQueryEntries(condition);
  const searchKey = new URLSearchParams(conditionQuery).toString();
  // Where the map opens: the box around the search's matches, or the URL's box.
  const bounds = useQuery(SEARCH_MAP_BOUNDS, { variables: searchVariables(condition), skip: !reads.fit });
  const fitted = reads.fit ? bounds.data?.mapBounds : undefined;
  const first: MapView = fitted ? viewOfBox(fitted) : reads.first;
  const fitting = reads.fit && !bounds.data && !bounds.error;
  // The visitor's own moves, for this search (a new search opens on its own view).
  const [moved, setMoved] = useState<{ search: string; view: MapView } | null>(null);
  const view = moved?.search === searchKey ? moved.view : first;
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const info = useQuery(SEARCH_MAP_INFO, { variables: infoVariables(view, condition), skip: !reads.parsed.ok || fitting });
  const cells = (info.data ?? info.previousData)?.mapInfo ?? [];
  // The chosen cell's listings: a query that waits for a choice (the host shares no useLazyQuery).
  const cell = useQuery(SEARCH_MAP_BUKKENS, {
    variables: { geoHex: selected ?? '', ...searchVariables(condition) },
    skip: !selected,
  });

  const moves = useRef(0);
  const onMove = useCallback(
    (box: Box, zoom: number) => {
      const next = { box: clampBox(box), zoom };
      setMoved({ search: searchKey, view: next });
      // The URL follows the visitor's moves (shareable, and the back button returns to them), without
      // a navigation; the map's first fit to the URL's box is not one.
      if (moves.current++ === 0) return;
      const query = new URLSearchParams([...conditionQuery, ...boxParams(next.box)]);
      window.history.replaceState(window.history.state, '', `${window.location.pathname}?${query.toString()}`);
    },
    [search, searchKey],
  );

  if (!reads.parsed.ok) {
    setStatus(400);
    return null;
  }
  if (info.error && !info.data && !info.previousData) return <ErrorBox message="地図情報を読み込めませんでした。" onRetry={() => void info.refetch()} />;
  const chosen = cells.find((c) => c.geoHex === selected);
  const total = cells.reduce((n, c) => n + c.count, 0);
  return (
    <div className="s-layout">
      <SearchStyles />
      <section className="s-section s-layout__main" aria-labelledby="map-heading">
        <h2 id="map-heading">物件の多いエリア</h2>
        <p className="s-muted" aria-live="polite">
          表示中の範囲に<strong>{formatNumber(total)}</strong>件
        </p>
        {/* Folded: the map comes first; the panel narrows it on request. */}
        <details className="s-filter-toggle">
          <summary>条件を絞り込む</summary>
          <FilterForm condition={condition} target="map" />
        </details>
        {fitting ? (
          <div className="s-empty">地図を準備しています…</div>
        ) : (
          <MapCanvas
            key={`${searchKey}|${fitted ? 'fit' : 'url'}`}
            box={view.box}
            cells={cells}
            selected={selected}
            tileUrl={config.mapTileUrl}
            tileAttribution={config.mapTileAttribution}
            onMove={onMove}
            onSelect={setSelected}
          />
        )}
        <p className="s-muted">数字の六角形を選ぶと、そのエリアの物件を表示します。地図は矢印キーで移動、＋／−で拡大・縮小できます。</p>
        <p>
          <KitLink to={searchUrlOf(condition)}>この条件の物件を一覧で見る</KitLink>
        </p>
        <h2 id="map-cells-heading">エリアの一覧</h2>
        <nav aria-labelledby="map-cells-heading">
          <CellList cells={cells} selected={selected} onSelect={setSelected} />
        </nav>
      </section>
      <aside className="s-section s-layout__side" aria-labelledby="map-listings-heading">
        <h2 id="map-listings-heading">エリアの物件</h2>
        {!selected && <p className="s-muted">地図かエリアの一覧から選んでください。</p>}
        {chosen && <p aria-live="polite">{cellLabel(chosen)}</p>}
        {cell.data?.mapBukkens.includes(null) && <ListingsUnavailable />}
        <ul className="s-links" style={{ flexDirection: 'column' }}>
          {(cell.data?.mapBukkens ?? []).map(
            (b) =>
              b && (
                <li key={b.globalKey}>
                  <KitLink to={`/bukken/detail/${b.globalKey}`}>{b.name}</KitLink>
                  <div className="s-muted">
                    {formatRent(b.chinryou)} ／ {b.plan} ／ {formatNumber(b.area)}m²
                  </div>
                </li>
              ),
          )}
        </ul>
      </aside>
    </div>
  );
}
