export function formatRent(yen: number): string {
  const man = Math.round(yen / 1000) / 10;
  return `${Number.isInteger(man) ? man.toFixed(0) : man.toFixed(1)}万円`;
}

export function formatArea(m2: number): string {
  return `${m2.toFixed(2).replace(/\.?0+$/, '')}m²`;
}
