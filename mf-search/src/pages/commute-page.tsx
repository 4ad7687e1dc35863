import type { PageQueries, PageQueriesInput, RemotePageProps } from '@sumika/shell-kit';
import { useNavigate } from '@sumika/shell-kit';
import { prefectureNameOfPath } from '@sumika/spec';
import { asksForResults, COMMUTE_STATION_SUGGESTS, CommuteForm, CommuteResultsForm, commuteSlotsOf } from '../features/commute/index.js';
import { SearchStyles } from '../ui/styles.js';

/** The station lookups of the words the URL carries (the no-JavaScript form submitted to the page itself). */
export const pageQueries: PageQueries = ({ search }: PageQueriesInput) =>
  [...new Set(commuteSlotsOf(search).map((s) => s.word))]
    .filter((w) => w !== '')
    .map((keyword) => ({ query: COMMUTE_STATION_SUGGESTS, variables: { keyword } }));

/** /search/nmin_stations/{pref}: search by commute time to up to three stations (issue 16). */
export default function CommutePage({ params, search, setMeta, setStatus }: RemotePageProps) {
  const navigate = useNavigate();
  const path = params.prefecturePath ?? '';
  const prefName = prefectureNameOfPath(path);
  if (prefName === undefined) {
    setStatus(404);
    return null;
  }
  setMeta({
    title: `${prefName}の賃貸物件を通勤・通学時間から探す｜すみか`,
    description: `勤務先や学校の最寄り駅を3つまで選び、所要時間と乗り換え回数から${prefName}の賃貸物件を探せます。`,
    canonical: `/search/nmin_stations/${path}`,
    ...(search ? { robots: 'noindex, follow' } : {}),
    pageTitle: `${prefName}の賃貸物件を通勤・通学時間から探す`,
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: `${prefName}の賃貸`, path: `/${path}` }, { text: '通勤・通学時間から探す' }],
  });
  const slots = commuteSlotsOf(search);
  return (
    <div data-testid="commute-page">
      <SearchStyles />
      <p>勤務先や学校の最寄り駅を3つまで選び、それぞれの所要時間と乗り換え回数を指定してください。すべての駅に指定の時間内で行ける駅の近くの物件を探します。</p>
      {asksForResults(search) && <CommuteResultsForm prefecturePath={path} slots={slots} />}
      {/* A new URL (the form submitted to the page itself) starts the form again from it. */}
      <CommuteForm key={search} prefecturePath={path} initialSlots={slots} onSearch={navigate} />
    </div>
  );
}
