// The building feature's public entry: what pages, other features and outside tests use.
export { BUILDING_DETAIL, buildingDetailVariables } from './api/building-detail.js';
export { ArchivedRooms, BuildingCompanies, BuildingExterior, VacancyTable } from './components/building-blocks.js';
export { apartmentComplexJsonLd } from './json-ld.js';
