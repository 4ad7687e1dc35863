export { renderFloorPlan, type FloorPlanInput } from './floor-plan.js';
export { renderExterior, EXTERIOR_MAX_FLOORS, type ExteriorInput, type BuildingType } from './exterior.js';
export { escapeXml } from './escape.js';
export { renderEntrance } from './entrance.js';
export { renderKitchen } from './kitchen.js';
export { renderBath } from './bath.js';
export { renderView } from './view.js';
export { ROOM_CODES, type RoomInput } from './room-scene.js';
