/** What the favorites compare table ranks listings on. */
export interface CompareInput {
  monthlyTotal: number;
  initialCostTotal: number;
  area: number;
  /** yyyy-MM-dd */
  builtDate: string;
  /** Walk minutes to the nearest station; undefined when the listing has no traffic. */
  walkMin: number | undefined;
}

export interface CompareFlags {
  cheapestMonthly: boolean;
  cheapestInitial: boolean;
  largest: boolean;
  newest: boolean;
  nearest: boolean;
}

/** Marks the best row(s) of each column; every row that ties for the best is marked. */
export function compareFlags(rows: readonly CompareInput[]): CompareFlags[] {
  const minMonthly = Math.min(...rows.map((r) => r.monthlyTotal));
  const minInitial = Math.min(...rows.map((r) => r.initialCostTotal));
  const maxArea = Math.max(...rows.map((r) => r.area));
  const newest = rows.map((r) => r.builtDate).reduce((a, b) => (b > a ? b : a), '');
  const walks = rows.map((r) => r.walkMin).filter((w): w is number => w !== undefined);
  const minWalk = walks.length ? Math.min(...walks) : undefined;
  return rows.map((r) => ({
    cheapestMonthly: r.monthlyTotal === minMonthly,
    cheapestInitial: r.initialCostTotal === minInitial,
    largest: r.area === maxArea,
    newest: r.builtDate === newest,
    nearest: r.walkMin !== undefined && r.walkMin === minWalk,
  }));
}
