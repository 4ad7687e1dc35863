// mf-search exposes page modules only (one file per page in src/pages/); the shell's route table
// (shell/src/routes.ts) maps paths to them.
export default {
  name: 'mf_search',
  exposes: {
    './TopPage': './src/pages/top-page.tsx',
    './PrefecturePage': './src/pages/prefecture-page.tsx',
    './SearchPage': './src/pages/search-page.tsx',
    './SearchOptionPage': './src/pages/search-option-page.tsx',
    './SearchResultsPage': './src/pages/search-results-page.tsx',
    './AreaSelectPage': './src/pages/area-select-page.tsx',
    './CommutePage': './src/pages/commute-page.tsx',
    './TopicPage': './src/pages/topic-page.tsx',
    './MapPage': './src/pages/map-page.tsx',
    './CampusPage': './src/pages/campus-page.tsx',
    './SitemapPage': './src/pages/sitemap-page.tsx',
    './ArchivePage': './src/pages/archive-page.tsx',
    './LivabilityPage': './src/pages/livability-page.tsx',
  },
};
