import { useReducer } from 'react';
import { useQuery } from '@apollo/client/react';
import { useClientContext } from '../client-context/client-context-provider.js';
import { REGIONS, type PrefectureSummary, type RegionSummary } from '../graphql/operations/regions.js';
import { useOptionalApolloClient } from '../graphql/use-optional-client.js';
import { KitLink } from '../router/kit-link.js';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.js';

export type { PrefectureSummary, RegionSummary };

/** SPEC §4 region map: none selected, or one region selected. */
export interface RegionMapState {
  selected: string | null;
}
export type RegionMapAction = { type: 'select'; code: string } | { type: 'reset' };

export function regionMapReducer(state: RegionMapState, action: RegionMapAction): RegionMapState {
  switch (action.type) {
    case 'select':
      return state.selected === action.code ? state : { selected: action.code };
    case 'reset':
      return state.selected === null ? state : { selected: null };
  }
}

/** Hokkaido and Okinawa are whole islands on the map: they link straight to their prefecture page (SPEC §2.2). */
export const DIRECT_PREFECTURE_CODES: readonly number[] = [1, 47];

const SEPARATOR = '・';

/** A region's label on the map once its directly linked prefecture is drawn apart (北海道・東北 → 東北). */
export function mapLabelOf(region: RegionSummary): string {
  const direct = region.prefectures.filter((p) => DIRECT_PREFECTURE_CODES.includes(p.code));
  if (!direct.length) return region.name;
  const parts = region.name.split(SEPARATOR).filter((part) => !direct.some((p) => p.name.startsWith(part)));
  return parts.length ? parts.join(SEPARATOR) : region.name;
}

export interface RegionMapPickerProps {
  /** The display regions (regions(grouping: DISPLAY)); read through Apollo when left out. */
  regions?: readonly RegionSummary[];
  /** Where a prefecture goes; default its prefecture page /{path}. */
  prefectureHref?: (p: PrefectureSummary) => string;
  /** Default from the client context. */
  isSpView?: boolean;
  heading?: string;
}

/** SPEC §2.2 region map: PC clicks a region on the map to list its prefectures; mobile picks an area, then a prefecture. */
export function RegionMapPicker(props: RegionMapPickerProps) {
  const client = useOptionalApolloClient();
  if (props.regions || !client) return <RegionMapView {...props} regions={props.regions ?? []} />;
  return <RegionMapQuery {...props} />;
}

function RegionMapQuery(props: RegionMapPickerProps) {
  const { data } = useQuery(REGIONS, { variables: { grouping: 'DISPLAY' } });
  return <RegionMapView {...props} regions={data?.regions.regions ?? []} />;
}

const defaultHref = (p: PrefectureSummary): string => `/${p.path}`;

function RegionMapView({
  regions,
  prefectureHref = defaultHref,
  isSpView,
  heading = 'エリアから探す',
}: RegionMapPickerProps & { regions: readonly RegionSummary[] }) {
  const ctx = useClientContext();
  const sp = isSpView ?? ctx.isSpView;
  const [state, dispatch] = useReducer(regionMapReducer, { selected: null });
  const selected = regions.find((r) => r.code === state.selected) ?? null;

  const prefectureList = (region: RegionSummary) => (
    <ul className="sk-region-map__prefs">
      {region.prefectures.map((p) => (
        <li key={p.code}>
          <KitLink to={prefectureHref(p)} className="sk-region-map__pref">
            {p.name}
            {sp && <ChevronRightIcon size={16} />}
          </KitLink>
        </li>
      ))}
    </ul>
  );

  if (sp) {
    return (
      <section className="sk-region-map sk-region-map--sp" aria-label={heading} data-selected={state.selected ?? ''}>
        <h2 className="sk-region-map__heading">{selected ? selected.name : heading}</h2>
        {selected ? (
          <>
            <button type="button" className="sk-region-map__back" onClick={() => dispatch({ type: 'reset' })}>
              <ChevronLeftIcon size={16} />
              エリア選択に戻る
            </button>
            {prefectureList(selected)}
          </>
        ) : (
          <ul className="sk-region-map__areas">
            {regions.map((r) => (
              <li key={r.code}>
                <button type="button" className="sk-region-map__area" onClick={() => dispatch({ type: 'select', code: r.code })}>
                  {r.name}
                  <ChevronRightIcon size={16} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    );
  }

  const directs = regions.flatMap((r) => r.prefectures.filter((p) => DIRECT_PREFECTURE_CODES.includes(p.code)));
  return (
    <section className="sk-region-map sk-region-map--pc" aria-label={heading} data-selected={state.selected ?? ''}>
      <h2 className="sk-region-map__heading">{heading}</h2>
      <div className="sk-region-map__body">
        <div className="sk-region-map__map">
          {regions.map((r) => (
            <button
              key={r.code}
              type="button"
              className={`sk-region-map__tile sk-region-map__tile--${r.code}${r.code === state.selected ? ' sk-region-map__tile--selected' : ''}`}
              aria-pressed={r.code === state.selected}
              onClick={() => dispatch({ type: 'select', code: r.code })}
            >
              {mapLabelOf(r)}
            </button>
          ))}
          {directs.map((p) => (
            <KitLink key={p.code} to={prefectureHref(p)} className={`sk-region-map__tile sk-region-map__tile--direct sk-region-map__tile--pref-${p.code}`}>
              {p.name}
            </KitLink>
          ))}
        </div>
        <div className="sk-region-map__panel">
          {selected ? (
            <>
              <p className="sk-region-map__panel-title">{selected.name}</p>
              {prefectureList(selected)}
              <button type="button" className="sk-button sk-button--secondary sk-button--small" onClick={() => dispatch({ type: 'reset' })}>
                全国に戻る
              </button>
            </>
          ) : (
            <p className="sk-region-map__hint">地図から地域を選んでください</p>
          )}
        </div>
      </div>
    </section>
  );
}
