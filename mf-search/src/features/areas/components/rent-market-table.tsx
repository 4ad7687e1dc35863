import { formatNumber, KitLink } from '@sumika/shell-kit';
import { searchUrlOf, type SearchUrlCondition } from '@sumika/spec';
import type { SearchRentMarketQuery } from '../../../__generated__/operations.js';
import { formatRent } from '../../../ui/format.js';

type RentMarket = SearchRentMarketQuery['rentMarket'];
type Place = RentMarket['cities'][number];

interface Props {
  prefecturePath: string;
  market: RentMarket;
}

/** One table of places (cities or lines): a row per place, a median per plan band, each linking to its search. */
function PlaceTable({
  caption,
  what,
  places,
  bands,
  placeOf,
}: {
  caption: string;
  what: string;
  places: Place[];
  bands: RentMarket['bands'];
  placeOf: (code: number) => SearchUrlCondition;
}) {
  return (
    <table className="s-table" data-testid={`rent-market-${what === '市区町村' ? 'cities' : 'lines'}`}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{what}</th>
          {bands.map((b) => (
            <th scope="col" key={b.label}>
              {b.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {places.map((p) => (
          <tr key={p.code}>
            <th scope="row">
              {p.bukkenCount > 0 ? <KitLink to={searchUrlOf(placeOf(p.code))}>{p.name}</KitLink> : p.name} <small>({formatNumber(p.bukkenCount)})</small>
            </th>
            {bands.map((b, i) => {
              const median = p.medians[i];
              const plans = { min: b.planMin, ...(b.planMax ? { max: b.planMax } : {}) };
              return (
                <td key={b.label}>
                  {median === null || median === undefined ? (
                    '-'
                  ) : (
                    <KitLink
                      to={searchUrlOf({ ...placeOf(p.code), searchCondition: { plans } })}
                      aria-label={`${p.name}の${b.label}の物件（相場 ${formatRent(median)}）`}
                    >
                      {formatRent(median)}
                    </KitLink>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The rent-market picker's tables: median rent (management fee included) per city and per line, by plan band. */
export function RentMarketTable({ prefecturePath, market }: Props) {
  return (
    <>
      <section className="s-section">
        <h2>市区町村別の家賃相場</h2>
        <PlaceTable
          caption="市区町村別・間取り別の家賃相場（管理費等込みの中央値）"
          what="市区町村"
          places={market.cities}
          bands={market.bands}
          placeOf={(code) => ({ prefecturePath, cityCodes: [code] })}
        />
      </section>
      {market.lines.length > 0 && (
        <section className="s-section">
          <h2>沿線別の家賃相場</h2>
          <PlaceTable
            caption="沿線別・間取り別の家賃相場（管理費等込みの中央値）"
            what="沿線"
            places={market.lines}
            bands={market.bands}
            placeOf={(code) => ({ prefecturePath, lineCodes: [code] })}
          />
        </section>
      )}
    </>
  );
}
