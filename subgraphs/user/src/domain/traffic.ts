/** SPEC §3 traffic sources, read from the ref_code the visitor arrived with (SPEC §7.3). */
export type TrafficSource = 'criteo' | 'line' | 'lis_ad' | 'lis_ov' | 'mail' | 'organic' | 'other';

export function trafficSourceOf(refCode: string | null | undefined): TrafficSource {
  const code = refCode?.trim().toLowerCase() ?? '';
  if (!code) return 'organic';
  if (code === 'criteo') return 'criteo';
  if (code.startsWith('lis_ad_')) return 'lis_ad';
  if (code.startsWith('lis_ov_')) return 'lis_ov';
  if (code.startsWith('mail_')) return 'mail';
  if (code.startsWith('line')) return 'line';
  return 'other';
}
