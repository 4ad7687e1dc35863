import type { FormsApplyAlsoAskQuery } from '../../__generated__/operations.js';

export type AlsoAskCandidate = NonNullable<FormsApplyAlsoAskQuery['bukkens'][number]>['recommendations'][number];

/**
 * The similar listings the visitor may also ask about: handled by a company other than the ones
 * already asked, not already chosen, each once, and only as many as the form still takes.
 */
export function alsoAskCandidates(data: FormsApplyAlsoAskQuery | undefined, keys: readonly string[], maxBukkens: number): AlsoAskCandidate[] {
  const asked = (data?.bukkens ?? []).filter((b): b is NonNullable<typeof b> => !!b);
  const companies = new Set(asked.map((b) => b.company?.id).filter(Boolean));
  const seen = new Set(keys);
  const out: AlsoAskCandidate[] = [];
  for (const r of asked.flatMap((b) => b.recommendations)) {
    if (out.length >= maxBukkens - keys.length) break;
    if (seen.has(r.globalKey) || !r.company || companies.has(r.company.id)) continue;
    seen.add(r.globalKey);
    out.push(r);
  }
  return out;
}
