// The company feature's public entry: what pages, other features and outside tests use.
export { COMPANY_DETAIL, COMPANY_LISTINGS_PER_PAGE, companyDetailVariables, companySortOf } from './api/company-detail.js';
export { CompanyListings, CompanyPager, companyPageUrl, CompanyProfile, SortForm, StaffList } from './components/company-blocks.js';
export { storeJsonLd } from './json-ld.js';
