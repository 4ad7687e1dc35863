import { PlaceMap, type PlaceSpot, type PlaceStation } from '@sumika/shell-kit/map';
import type { DetailBuildingMapFragment } from '../../../__generated__/operations.js';
import './map-section.css';

/** A station line of the list beside the map. */
interface Walk {
  lineName: string;
  stationName: string;
  walkMin: number;
}

/** A campus near the place (the building page). */
export interface NearCampus {
  name: string;
  lat: number;
  lng: number;
  walkMin: number;
}

export interface MapSectionProps {
  /** The place's name: the map is 「<name>の地図」. */
  name: string;
  latLng: { lat: number; lng: number };
  walks: readonly Walk[];
  campuses?: readonly NearCampus[] | undefined;
  /** The shell's config: external tiles when one is set (`mapTileUrl`). */
  config: { mapTileUrl?: string | undefined; mapTileAttribution?: string | undefined };
}

/** One entry per station (the shortest walk), the map's stations: nearest first. */
function stationsOf(walks: readonly Walk[]): PlaceStation[] {
  const best = new Map<string, PlaceStation>();
  for (const w of walks) {
    const seen = best.get(w.stationName);
    if (!seen || w.walkMin < seen.walkMin) best.set(w.stationName, { name: w.stationName, line: w.lineName, walkMin: w.walkMin });
  }
  return [...best.values()].sort((a, b) => a.walkMin - b.walkMin);
}

/**
 * 周辺地図: the place on the map with its stations (and campuses nearby), and beside it the same as
 * a list with the walk to each, which is the map's text alternative (and all there is without a picture).
 */
export function MapSection({ name, latLng, walks, campuses = [], config }: MapSectionProps) {
  const spots: PlaceSpot[] = campuses.map((c) => ({ name: c.name, lat: c.lat, lng: c.lng }));
  return (
    <section className="d-section" data-testid="map-section">
      <h2>周辺地図</h2>
      <div className="d-map">
        <PlaceMap
          label={name}
          center={latLng}
          stations={stationsOf(walks)}
          spots={spots}
          tileUrl={config.mapTileUrl}
          tileAttribution={config.mapTileAttribution}
        />
        <div className="d-map__side">
          <h3 className="d-map__heading">最寄り駅</h3>
          {walks.length === 0 ? (
            <p className="d-muted">最寄り駅の情報はありません。</p>
          ) : (
            <ul className="d-map__list" aria-label="最寄り駅と徒歩時間" data-testid="map-stations">
              {walks.map((w) => (
                <li key={`${w.lineName}/${w.stationName}`}>
                  <span className="d-map__station">{`${w.stationName}駅`}</span> <span className="d-muted">{w.lineName}</span> {`徒歩${w.walkMin}分`}
                </li>
              ))}
            </ul>
          )}
          {campuses.length > 0 && (
            <>
              <h3 className="d-map__heading">近くの大学・キャンパス</h3>
              <ul className="d-map__list" aria-label="近くの大学・キャンパスと徒歩時間" data-testid="map-campuses">
                {campuses.map((c) => (
                  <li key={c.name}>
                    <span className="d-map__station">{c.name}</span> {`徒歩${c.walkMin}分`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** The building page's 周辺地図: the building, its stations and the campuses nearby (DetailBuildingMap). */
export function BuildingMapSection({ building, config }: { building: DetailBuildingMapFragment; config: MapSectionProps['config'] }) {
  const campuses = building.nearbyCampuses.map((n) => ({
    name: `${n.campus.instituteName} ${n.campus.campusName}`,
    lat: n.campus.latLng.lat,
    lng: n.campus.latLng.lng,
    walkMin: n.walkMin,
  }));
  return <MapSection name={building.name} latLng={building.latLng} walks={building.stations} campuses={campuses} config={config} />;
}
