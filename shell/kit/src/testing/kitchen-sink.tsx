/** Test fixture: every kit component inside every provider, for the SSR and hydration tests. */
import type { ApolloClient } from '@apollo/client';
import { MemoryRouter } from '../router/router.js';
import type { ClientContext } from '../client-context/client-context.js';
import type { LastSearchCondition } from '../graphql/operations/required-user-data.js';
import { AppInstallBanner } from '../chrome/app-install-banner.js';
import { Breadcrumbs } from '../chrome/breadcrumbs.js';
import { ErrorBox } from '../chrome/error-box.js';
import { ErrorPage } from '../chrome/error-page.js';
import { FollowingHeader } from '../chrome/following-header.js';
import { PcFooter, SpFooter } from '../chrome/footers.js';
import { InquiryFormHeader } from '../chrome/inquiry-form-header.js';
import { Layout } from '../chrome/layout.js';
import { LeavePopup } from '../chrome/leave-popup.js';
import { Meta } from '../chrome/meta.js';
import { NoMenuHeader } from '../chrome/no-menu-header.js';
import { PageTopLink } from '../chrome/page-top-link.js';
import { PcHeader } from '../chrome/pc-header.js';
import { PreviousSearchBalloon } from '../chrome/previous-search-balloon.js';
import { RegionMapPicker, type RegionSummary } from '../chrome/region-map-picker.js';
import { SpHeader } from '../chrome/sp-header.js';
import { TestBanner } from '../chrome/test-banner.js';
import { ShellKitProvider } from '../shell-kit-provider.js';
import { PageTrackingDebug } from '../tracking/page-tracking.js';

export const REGIONS_FIXTURE: RegionSummary[] = [
  { __typename: 'Region', code: 'kanto', name: '関東', prefectures: [{ __typename: 'Prefecture', code: 13, name: '東京都', path: 'tokyo' }] },
  {
    __typename: 'Region',
    code: 'hokkaido',
    name: '北海道・東北',
    prefectures: [
      { __typename: 'Prefecture', code: 1, name: '北海道', path: 'hokkaido' },
      { __typename: 'Prefecture', code: 4, name: '宮城県', path: 'miyagi' },
    ],
  },
];

const crumbs = [{ text: '賃貸TOP', path: '/' }, { text: '東京都', path: '/tokyo' }, { text: '渋谷区' }];
const lastSearch: LastSearchCondition = {
  searchPath: '/search/tokyo/city/13113',
  searchText: '東京都 渋谷区',
  conditionText: null,
  prefectureName: '東京都',
  gdCityName: null,
  citiesShortName: '渋谷区',
  linesStationsName: null,
  specialName: null,
};

export function KitchenSink({ ctx, client, path = '/favorite' }: { ctx: ClientContext; client?: ApolloClient; path?: string }) {
  return (
    <MemoryRouter initialPath={path}>
      <ShellKitProvider
        clientContext={ctx}
        apolloClient={client}
        initialStockCounts={{ favorite: 3, detail: 5, search: 1 }}
        initialAbTests={{ leave_popup: 'app' }}
      >
        <Layout pageKind="favorite" breadcrumbs={crumbs} pageTitle="お気に入り" pageSubTitle="3件" meta={{ title: 'お気に入り | すみか', robots: 'noindex' }}>
          <PcHeader totalCount={20000} />
          <SpHeader />
          <FollowingHeader />
          <InquiryFormHeader />
          <NoMenuHeader />
          <PageTopLink />
          <PcFooter />
          <SpFooter />
          <TestBanner env="staging" />
          <AppInstallBanner pageKind="favorite" />
          <LeavePopup />
          <PreviousSearchBalloon condition={lastSearch} />
          <RegionMapPicker regions={REGIONS_FIXTURE} />
          <RegionMapPicker />
          <Breadcrumbs items={crumbs} origin="https://sumika.example" />
          <Meta meta={{ title: 'x' }} />
          <ErrorBox onRetry={() => undefined} />
          <ErrorPage status={404} />
          <PageTrackingDebug />
        </Layout>
      </ShellKitProvider>
    </MemoryRouter>
  );
}
