export { renderFloorPlan, type FloorPlanInput } from './floor-plan.js';
export { renderExterior, EXTERIOR_MAX_FLOORS, type ExteriorInput, type BuildingType } from './exterior.js';
export { escapeXml } from './escape.js';
