/** What a listing's initial cost (初期費用) is computed from. */
export interface InitialCostInput {
  chinryou: number;
  kanriKyoeki: number;
  shikikin: number;
  reikin: number;
  agentFeeMonths: number;
  guaranteeCompany: boolean;
}

export interface InitialCost {
  shikikin: number;
  reikin: number;
  /** First month's rent and management fee (前家賃). */
  firstMonth: number;
  /** Agent fee (仲介手数料), legally at most one month's rent plus tax. */
  agentFee: number;
  /** Guarantee company's first-year fee, commonly half a month of rent plus fees. */
  guaranteeFee: number;
  /** Key replacement (鍵交換費), a flat typical amount. */
  keyExchange: number;
  total: number;
}

export const KEY_EXCHANGE_YEN = 16_500;
export const GUARANTEE_SHARE = 0.5;

/** Initial cost estimate; every part is rounded down to whole yen so parts sum to the total. */
export function initialCost(b: InitialCostInput): InitialCost {
  const monthly = b.chinryou + b.kanriKyoeki;
  const parts = {
    shikikin: b.shikikin,
    reikin: b.reikin,
    firstMonth: monthly,
    agentFee: Math.floor(b.chinryou * b.agentFeeMonths),
    guaranteeFee: b.guaranteeCompany ? Math.floor(monthly * GUARANTEE_SHARE) : 0,
    keyExchange: KEY_EXCHANGE_YEN,
  };
  return { ...parts, total: Object.values(parts).reduce((a, n) => a + n, 0) };
}
