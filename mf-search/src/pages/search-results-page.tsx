import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber, KitLink, useClientContext } from '@sumika/shell-kit';
import type { Breadcrumb, PageQueries, RemotePageProps } from '@sumika/shell-kit';
import { searchMapUrlOf, searchUrlOf, type SearchUrlCondition } from '@sumika/spec';
import { useEffect } from 'react';
import { BuildingList, ListingsUnavailable, presentListings } from '../features/bukken-card/index.js';
import { CommuteTimes, commutesByKey } from '../features/commute/index.js';
import { cityLivabilityPath, stationLivabilityPath } from '../features/misc/index.js';
import {
  FilterForm,
  Pager,
  SEARCH_BUKKENS,
  SEARCH_PLACE,
  SET_LAST_SEARCH_CONDITION,
  SaveConditionButton,
  SortSelect,
  WordPlaces,
  savedSearchVariables,
  resultsPageQueries,
  resultsPageReads,
} from '../features/results/index.js';
import { SearchStyles } from '../ui/styles.js';

/** Narrowed by more than its place and free word (a condition, an order, commute destinations): not a page of its own for search engines. */
const isFiltered = ({ searchCondition, sort, destinationStations }: SearchUrlCondition): boolean =>
  !!sort || !!destinationStations?.length || Object.keys(searchCondition ?? {}).some((key) => key !== 'word');

/**
 * The canonical URL: the search's place (path and query: every prefecture, city, town, line and
 * station, so query-string searches no longer share one) and free word, with the page number; a
 * filtered search points at its unfiltered first page.
 */
function canonicalOf(condition: SearchUrlCondition): string {
  const { searchCondition, sort: _sort, destinationStations: _destinations, page, ...place } = condition;
  const word = searchCondition?.word;
  return searchUrlOf({ ...place, ...(word ? { searchCondition: { word } } : {}), ...(isFiltered(condition) ? {} : { page }) });
}

/** What the render below reads: the shell fetches it before rendering. */
export const pageQueries: PageQueries = resultsPageQueries;

/** /search/results, /search/words, city, station, town and campus searches: one listing page. */
export default function SearchResultsPage({ route, params, search, setMeta, setStatus }: RemotePageProps) {
  const { isSpView } = useClientContext();
  const reads = resultsPageReads(route.id, params, search);
  const { parsed, args, condition } = reads;
  const { data: current, previousData, error, refetch, loading } = useQuery(SEARCH_BUKKENS, reads.search);
  // While another page or order of the same search loads (the pager and the sort navigate on the
  // client), the heading, the count and the cards stay those of the page before, dimmed, instead of
  // '全国' and an empty list. The page's own URL is what the next query is for.
  const data = current ?? previousData;
  const stale = !current && !!previousData && loading;
  const place = useQuery(SEARCH_PLACE, reads.place);
  const [remember] = useMutation(SET_LAST_SEARCH_CONDITION);
  const variablesKey = JSON.stringify(args);
  useEffect(() => {
    if (!parsed.ok) return;
    remember({ variables: savedSearchVariables(args) }).catch(() => undefined);
    // Once per distinct search, not per render.
  }, [variablesKey]);

  if (!parsed.ok) {
    setStatus(400);
    return null;
  }
  // A path naming no prefecture, city or line is the 404 page (null; undefined when not asked) —
  // unless the null came with an error: search is down, not the place unknown.
  if (args.prefecturePath && place.data && !place.error && (!place.data.prefecture || place.data.city === null || place.data.line === null)) {
    setStatus(404);
    return null;
  }

  const texts = data?.searchBukkens.searchConditionTexts;
  const word = args.searchCondition?.word;
  const subject = word ? `「${word}」` : texts?.placeText || '全国';
  const pageSuffix = args.page > 1 ? `（${args.page}ページ目）` : '';
  const prefecture = place.data?.prefecture;
  const crumbs: Breadcrumb[] = [{ text: '賃貸トップ', path: '/' }];
  if (prefecture) crumbs.push({ text: `${prefecture.name}の賃貸`, path: `/${prefecture.path}` });
  crumbs.push({ text: word ? `「${word}」の検索結果` : `${subject}の賃貸物件` });
  setMeta({
    title: `${word ? `「${word}」の検索結果` : `${subject}の賃貸物件・賃貸住宅`}${pageSuffix}｜すみか`,
    description: `${subject}の賃貸物件${data ? `${formatNumber(data.searchBukkens.result.bukkenTotal.count)}件` : ''}。家賃、間取り、駅徒歩、こだわり条件で絞り込んで、あなたにぴったりのお部屋を探せます。`,
    canonical: canonicalOf(condition),
    ...(isFiltered(condition) ? { robots: 'noindex, follow' } : {}),
    pageTitle: word ? `「${word}」の検索結果` : `${subject}の賃貸物件`,
    ...(texts && texts.conditionText !== 'こだわり条件なし' ? { pageSubTitle: texts.conditionText } : {}),
    breadcrumbs: crumbs,
  });

  if (error && !current) return <ErrorBox message="検索結果を読み込めませんでした。" onRetry={() => void refetch()} />;
  const result = data?.searchBukkens.result;
  const { listings, missing } = presentListings(result?.bukkenList);
  // With commute destinations, each room shows its minutes and line changes to each of them.
  const commutes = commutesByKey(data);
  return (
    <div data-testid="search-results" aria-busy={stale || undefined}>
      <SearchStyles />
      <div className="s-layout">
        <aside className="s-layout__side">
          {isSpView ? (
            // Mobile: results first; the narrowing form folds away.
            <details className="s-filter-toggle">
              <summary>条件を絞り込む</summary>
              <FilterForm condition={condition} />
            </details>
          ) : (
            <FilterForm condition={condition} />
          )}
        </aside>
        <div className="s-layout__main">
          {word && <WordPlaces word={word} />}
          <div className="s-toolbar">
            <p className="s-count" data-testid="result-count">
              該当物件<strong>{result ? formatNumber(result.bukkenTotal.count) : '-'}</strong>件
              {result && result.pagination.totalPages > 1 && (
                <span className="s-muted">
                  （{formatNumber((result.pagination.currentPage - 1) * result.pagination.limitValue + 1)}〜
                  {formatNumber(Math.min(result.pagination.currentPage * result.pagination.limitValue, result.bukkenTotal.count))}件を表示）
                </span>
              )}
            </p>
            <div className="s-toolbar__actions">
              {condition.instituteCampusId === undefined && (
                <KitLink className="sk-button" to={searchMapUrlOf(condition)}>
                  地図で見る
                </KitLink>
              )}
              <SaveConditionButton args={args} />
              <SortSelect condition={condition} />
            </div>
          </div>
          {loading && !result ? (
            <div className="s-empty">読み込み中…</div>
          ) : result && result.bukkenList.length > 0 ? (
            <>
              {missing && <ListingsUnavailable />}
              {/* The buildings' names are h3s: their section's h2 (on phones the panel's folds away; Lighthouse heading-order). */}
              <h2 className="sk-visually-hidden">物件一覧</h2>
              <BuildingList
                listings={listings}
                stale={stale}
                roomNote={(room) => {
                  const times = commutes.get(room.globalKey);
                  return times?.length ? <CommuteTimes times={times} /> : null;
                }}
              />
              <Pager pagination={result.pagination} condition={condition} />
            </>
          ) : (
            <div className="s-empty">条件に合う物件が見つかりませんでした。条件を変えて検索してください。</div>
          )}
          {prefecture && place.data?.city && (
            // A city's results lead to what it is like to live there (issue 16: livability pages linked).
            <p className="s-related">
              <KitLink to={cityLivabilityPath(prefecture.path, place.data.city.code)}>{place.data.city.name}の住みやすさ・家賃相場 ›</KitLink>
            </p>
          )}
          {prefecture && place.data?.station && (
            <p className="s-related">
              <KitLink to={stationLivabilityPath(prefecture.path, place.data.station.groupCode)}>{place.data.station.name}駅の住みやすさ・家賃相場 ›</KitLink>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
