import type { Configuration, RuleSetRule, ResolveOptions, WebpackPluginInstance } from 'webpack';

export function scriptRules(target: string): RuleSetRule[];
export function browserRules(): RuleSetRule[];
export function resolveOptions(): ResolveOptions;
export const browserPrinter: string;
export function browserPlugins(): WebpackPluginInstance[];
export function remoteConfigs(opts: {
  dir: string;
  federation: { name: string; exposes: Record<string, string> };
  mode?: 'production' | 'development';
  standalone?: boolean;
  outDir?: string;
}): Configuration[];
