// The results feature's public entry: what pages, other features and outside tests use.
export { SEARCH_BUKKENS } from './api/search-bukkens.js';
export { SEARCH_PLACE } from './api/search-place.js';
export { SET_LAST_SEARCH_CONDITION } from './api/set-last-search-condition.js';
export { FilterForm } from './components/filter-form.js';
export { Pager } from './components/pager.js';
export { SaveConditionButton } from './components/save-condition-button.js';
export { SortSelect } from './components/sort-select.js';
export { WordPlaces } from './components/word-places.js';
export { WORD_PLACES } from './api/word-places.js';
export { parseSearch, savedSearchVariables } from './search-args.js';
export { useSearchFormSubmit } from './search-form.js';
export { resultsPageQueries, resultsPageReads, type ResultsPageReads } from './page-reads.js';
