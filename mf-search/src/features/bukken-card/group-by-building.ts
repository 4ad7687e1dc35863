/** The rooms of one building on a results page, in the order the search listed them. */
export interface BuildingGroup<T> {
  key: string;
  rooms: T[];
}

/**
 * Rooms of the same building become one block, as portals list them: blocks in the order of each
 * building's first room, rooms in search order within a block (issue 16).
 */
export function groupByBuilding<T extends { building: { key: string } }>(rooms: readonly T[]): BuildingGroup<T>[] {
  const groups = new Map<string, BuildingGroup<T>>();
  for (const room of rooms) {
    const group = groups.get(room.building.key);
    if (group) group.rooms.push(room);
    else groups.set(room.building.key, { key: room.building.key, rooms: [room] });
  }
  return [...groups.values()];
}
