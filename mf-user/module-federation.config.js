// mf-user exposes page modules only (one file per page in src/pages/).
export default {
  name: 'mf_user',
  exposes: {
    './FavoritePage': './src/pages/favorite-page.tsx',
    './CompareBukkensPage': './src/pages/compare-bukkens-page.tsx',
    './DetailHistoryPage': './src/pages/detail-history-page.tsx',
    './StockSearchPage': './src/pages/stock-search-page.tsx',
    './IncompletePage': './src/pages/incomplete-page.tsx',
    './StopAllMailMagazinePage': './src/pages/stop-all-mail-magazine-page.tsx',
  },
};
