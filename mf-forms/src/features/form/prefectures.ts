import { PREFECTURE_NAMES } from '@sumika/spec';

/**
 * The 47 prefectures by JIS code, for the forms' prefecture selects: from @sumika/spec, not the search
 * subgraph (which owns Prefecture), so a form still opens when search cannot answer.
 */
export const PREFECTURE_OPTIONS: readonly { code: number; name: string }[] = PREFECTURE_NAMES.map((name, i) => ({ code: i + 1, name }));
