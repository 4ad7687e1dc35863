import { formatDate, formatNumber, KitLink } from '@sumika/shell-kit';
import { SPEC_MESSAGES } from '@sumika/spec';
import { formatArea, formatMonths, formatRent, formatYearMonth, formatYen } from '../../../ui/format.js';
import type { DetailBukkenQuery } from '../../../__generated__/operations.js';
import { telHref } from './mobile-action-bar.js';

type Bukken = DetailBukkenQuery['bukken'];
type ConditionGroup = Exclude<keyof NonNullable<Bukken['conditionCodes']>, '__typename'>;

/** What a block shows when the part of the site behind it could not answer (the rest of the page stands). */
export const UNAVAILABLE = {
  company: '取扱店舗の情報を表示できません。しばらくしてから再度お試しください。',
  conditions: '設備・条件の情報を表示できません。しばらくしてから再度お試しください。',
  listings: SPEC_MESSAGES.listingsUnavailable,
} as const;

/** Every condition group in the order portals list them, named as the condition master names them. */
const CONDITION_GROUPS: [ConditionGroup, string][] = [
  ['baths', 'バス・トイレ'],
  ['kitchens', 'キッチン'],
  ['airConditionings', '空調・冷暖房'],
  ['securities', 'セキュリティ'],
  ['facilities', '設備・サービス'],
  ['storageSpaces', '収納'],
  ['locations', '立地'],
  ['conditions', '入居条件'],
  ['otherConditions', 'その他'],
];

export function SpecTable({ bukken }: { bukken: Bukken }) {
  const rows: [string, string][] = [
    ['賃料', `${formatRent(bukken.chinryou)}（管理費・共益費 ${formatYen(bukken.kanriKyoeki)}）`],
    ['敷金', formatMonths(bukken.shikikin, bukken.shikikinMonths)],
    ['礼金', formatMonths(bukken.reikin, bukken.reikinMonths)],
    ['間取り', `${bukken.plan}（${bukken.planDetail}）`],
    ['専有面積', formatArea(bukken.area)],
    ['所在階 / 階建', `${bukken.floor}階 / ${bukken.floorBuilding}階建`],
    ['部屋番号', bukken.roomNum ?? '-'],
    ['向き', bukken.aspect],
    ['建物種別', bukken.typeName],
    ['構造', bukken.struct],
    ['築年月', `${formatYearMonth(bukken.builtDate)}（${bukken.builtAge <= 0 ? '新築' : `築${bukken.builtAge}年`}）`],
    ['所在地', bukken.address],
    ['交通', bukken.traffics.map((t) => t.text).join(' ／ ')],
    ['情報公開日', formatDate(bukken.arrivedAt)],
  ];
  return (
    <table className="d-table" data-testid="spec-table">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Conditions({ bukken }: { bukken: Bukken }) {
  const codes = bukken.conditionCodes;
  if (!codes) {
    return (
      <p className="d-muted" role="status" data-testid="conditions-unavailable">
        {UNAVAILABLE.conditions}
      </p>
    );
  }
  const groups = CONDITION_GROUPS.map(([key, label]) => [key, label, codes[key]] as const);
  if (groups.every(([, , list]) => list.length === 0)) return <p className="d-muted">登録されている設備・条件はありません。</p>;
  return (
    <dl className="d-conds" data-testid="conditions">
      {groups.map(([key, label, list]) => (
        <div key={key} className="d-conds__group">
          <dt>{label}</dt>
          <dd className={list.length ? undefined : 'd-muted'}>{list.length ? list.map((c) => c.name).join('、') : '-'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function MarketRent({ bukken }: { bukken: Bukken }) {
  const m = bukken.marketRent;
  if (!m) return <p className="d-muted">比較できる物件が少ないため、家賃相場を表示できません。</p>;
  const pct = Math.round(Math.abs(m.differenceRate) * 1000) / 10;
  return (
    <div data-testid="market-rent">
      <p className="d-market">
        {m.scope === 'STATION' ? '同じ駅' : '同じ市区町村'}の{bukken.plan}の相場 <strong>{formatRent(m.median)}</strong>
        <span className="d-muted">（管理費込み・{formatNumber(m.sampleSize)}件の中央値）</span>
      </p>
      <p>
        この物件は相場より{' '}
        {m.difference === 0 ? (
          '同程度'
        ) : m.difference < 0 ? (
          <span className="d-cheaper">
            {formatYen(-m.difference)}（{pct}%）安い
          </span>
        ) : (
          <span className="d-dearer">
            {formatYen(m.difference)}（{pct}%）高い
          </span>
        )}
      </p>
      <MarketChart market={m} />
    </div>
  );
}

type Market = NonNullable<Bukken['marketRent']>;

/** The chart's drawing box (SVG user units; it scales to the column's width). */
const CHART = { width: 320, height: 84, pad: 28, axis: 44 } as const;

/**
 * This listing's monthly total against the comparables' spread (issue 17's market-rent chart): the
 * middle 80 % as a line, the middle 50 % as a box, the median as a bar and this listing as a marker,
 * on one rent axis; the picture's text says the same for screen readers.
 */
export function MarketChart({ market: m }: { market: Market }) {
  const own = m.median + m.difference;
  const lo = Math.min(m.lowerDecile, own);
  const hi = Math.max(m.upperDecile, own);
  const span = Math.max(hi - lo, 1);
  const x = (yen: number) => CHART.pad + ((yen - lo) / span) * (CHART.width - 2 * CHART.pad);
  const y = CHART.axis;
  const anchor = (px: number) => (px < CHART.pad + 20 ? 'start' : px > CHART.width - CHART.pad - 20 ? 'end' : 'middle');
  const label =
    `家賃相場の分布（管理費込み）: 安い方から10%が${formatRent(m.lowerDecile)}、25%が${formatRent(m.lowerQuartile)}、` +
    `中央値が${formatRent(m.median)}、75%が${formatRent(m.upperQuartile)}、90%が${formatRent(m.upperDecile)}。この物件は${formatRent(own)}。`;
  return (
    <figure className="d-market-chart" data-testid="market-chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={label}>
        <line className="d-market-chart__range" x1={x(m.lowerDecile)} x2={x(m.upperDecile)} y1={y} y2={y} />
        <rect
          className="d-market-chart__box"
          x={x(m.lowerQuartile)}
          y={y - 9}
          width={Math.max(x(m.upperQuartile) - x(m.lowerQuartile), 2)}
          height={18}
          rx={3}
        />
        <line className="d-market-chart__median" x1={x(m.median)} x2={x(m.median)} y1={y - 12} y2={y + 12} />
        <text className="d-market-chart__tick" x={x(m.lowerDecile)} y={y + 28} textAnchor={anchor(x(m.lowerDecile))}>
          {formatRent(m.lowerDecile)}
        </text>
        <text className="d-market-chart__tick d-market-chart__tick--median" x={x(m.median)} y={y + 28} textAnchor={anchor(x(m.median))}>
          {`相場 ${formatRent(m.median)}`}
        </text>
        <text className="d-market-chart__tick" x={x(m.upperDecile)} y={y + 28} textAnchor={anchor(x(m.upperDecile))}>
          {formatRent(m.upperDecile)}
        </text>
        <path className="d-market-chart__own" d={`M${x(own)} ${y - 12}l-6 -9h12z`} data-testid="market-chart-own" />
        <text className="d-market-chart__own-label" x={x(own)} y={y - 25} textAnchor={anchor(x(own))}>
          {`この物件 ${formatRent(own)}`}
        </text>
      </svg>
      <figcaption className="d-muted">線は中央の80%、箱は中央の50%の物件の家賃（{m.scope === 'STATION' ? '同じ駅' : '同じ市区町村'}・同じ間取り）</figcaption>
    </figure>
  );
}

/** An initial-cost item: its amount, 0円 included; a deposit or key money of 0 reads なし as on portals. */
function costText(yen: number, noneWhenZero: boolean): string {
  return yen === 0 && noneWhenZero ? 'なし' : `${formatNumber(yen)}円`;
}

export function InitialCost({ bukken }: { bukken: Bukken }) {
  const c = bukken.initialCost;
  const rows: [string, number, boolean][] = [
    ['敷金', c.shikikin, true],
    ['礼金', c.reikin, true],
    ['前家賃（管理費込み1ヶ月）', c.firstMonth, false],
    ['仲介手数料', c.agentFee, false],
    ['保証会社 初回保証料', c.guaranteeFee, false],
    ['鍵交換費用', c.keyExchange, false],
  ];
  return (
    <div data-testid="initial-cost">
      <p>
        初期費用の目安 <span className="d-cost">{formatYen(c.total)}</span>
      </p>
      <table className="d-table d-table--cost">
        <tbody>
          {rows.map(([k, v, noneWhenZero]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{costText(v, noneWhenZero)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="d-muted">※ 目安です。実際の金額は不動産会社にご確認ください。</p>
    </div>
  );
}

export function CompanyBlock({ company }: { company: Bukken['company'] }) {
  if (!company) {
    return (
      <p className="d-muted" role="status" data-testid="company-unavailable">
        {UNAVAILABLE.company}
      </p>
    );
  }
  const rating = company.reviews.averageRating;
  return (
    <div className="d-company" data-testid="company-block">
      <p className="d-company__name">
        <KitLink to={`/bukken/company/${encodeURIComponent(company.key)}`}>{company.clientName}</KitLink>
      </p>
      <p>{company.companyName}</p>
      <p className="d-tel">
        TEL <a href={telHref(company.tel)}>{company.tel}</a>
      </p>
      <p>{company.address}</p>
      <p>{company.access}</p>
      <p>
        営業時間 {company.openTime} ／ 定休日 {company.holiday}
      </p>
      <p className="d-muted">
        {company.licenseNumber} ／ {company.association}
      </p>
      {rating !== null && (
        <p>
          <span className="d-stars">{'★'.repeat(Math.round(rating))}</span> {rating.toFixed(1)}（口コミ{company.reviews.count}件）
        </p>
      )}
      {company.isLaterPaymentAvailable && <p className="d-badge">初期費用の後払いOK</p>}
    </div>
  );
}
