// The commute feature's public entry: the commute page's parts, and the results' per-listing times.
export { COMMUTE_STATION_SUGGESTS } from './api/station-suggests.js';
export { CommuteForm } from './components/commute-form.js';
export { CommuteResultsForm } from './components/commute-results-form.js';
export { CommuteTimes, commutesByKey, commuteTimeText, type ListingCommuteTimes } from './components/commute-times.js';
export { asksForResults, commuteSlotsOf } from './commute-state.js';
