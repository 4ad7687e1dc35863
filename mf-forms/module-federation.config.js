// mf-forms exposes page modules only (one file per page in src/pages/).
export default {
  name: 'mf_forms',
  exposes: {
    './UsersInquiryPage': './src/pages/users-inquiry-page.tsx',
    './ViolatePage': './src/pages/violate-page.tsx',
    './CompletePage': './src/pages/complete-page.tsx',
    './InboundInquiriesPage': './src/pages/inbound-inquiries-page.tsx',
    './ApplyPage': './src/pages/apply-page.tsx',
    './CashbackPage': './src/pages/cashback-page.tsx',
  },
};
