import type { Configuration, RuleSetRule, ResolveOptions } from 'webpack';

export function scriptRules(target: string): RuleSetRule[];
export function resolveOptions(): ResolveOptions;
export function remoteConfigs(opts: { dir: string; federation: { name: string; exposes: Record<string, string> }; mode?: 'production' | 'development'; standalone?: boolean }): Configuration[];
