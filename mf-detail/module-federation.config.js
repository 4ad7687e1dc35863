// mf-detail exposes page modules only (one file per page in src/pages/).
export default {
  name: 'mf_detail',
  exposes: {
    './BukkenDetailPage': './src/pages/bukken-detail-page.tsx',
    './BuildingPage': './src/pages/building-page.tsx',
    './CompanyPage': './src/pages/company-page.tsx',
  },
};
