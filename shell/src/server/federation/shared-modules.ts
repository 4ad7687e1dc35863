import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as ApolloClient from '@apollo/client';
import * as ApolloReact from '@apollo/client/react';
import * as GraphQL from 'graphql';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as Wouter from 'wouter';
import * as Rxjs from 'rxjs';
import * as Kit from '@sumika/shell-kit';
import { repoRoot } from '../config.js';

const require = createRequire(import.meta.url);
/** A package's installed version, found as Node finds the package (not every package exports its package.json). */
const versionOf = (pkg: string): string => {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const file = path.join(dir, pkg, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  throw new Error(`${pkg} is not installed`);
};
const kitVersion = (): string => (JSON.parse(readFileSync(`${repoRoot}/shell/kit/package.json`, 'utf8')) as { version: string }).version;

/**
 * The singletons the shell server shares with the remotes' server builds: the very module instances
 * the shell renders with, so a remote's hooks see the shell's React, router, Apollo cache and kit.
 * Keep in step with shell/build/federation-shared.js (the browser side).
 */
export function sharedModules() {
  const entries: [string, string, unknown][] = [
    ['react', versionOf('react'), React],
    ['react/jsx-runtime', versionOf('react'), JsxRuntime],
    ['react-dom', versionOf('react-dom'), ReactDOM],
    ['wouter', versionOf('wouter'), Wouter],
    ['@apollo/client', versionOf('@apollo/client'), ApolloClient],
    ['@apollo/client/react', versionOf('@apollo/client'), ApolloReact],
    ['graphql', versionOf('graphql'), GraphQL],
    ['rxjs', versionOf('rxjs'), Rxjs],
    ['@sumika/shell-kit', kitVersion(), Kit],
  ];
  return Object.fromEntries(
    entries.map(([name, version, lib]) => [name, { version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } }]),
  );
}
