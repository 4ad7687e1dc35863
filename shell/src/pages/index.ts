import type { ComponentType } from 'react';
import type { ShellPageName } from '../routes.js';
import type { ShellPageProps } from './static-page.js';

type PageModule = { default: ComponentType<ShellPageProps> };

/**
 * The shell's own pages (static and legal), each its own chunk: the top page's first load does not
 * carry the terms of use. Loaded before rendering on the server and before hydrating in the browser.
 */
const LOADERS: Record<ShellPageName, () => Promise<PageModule>> = {
  help: () => import(/* webpackChunkName: "shell-page-help-page" */ './help-page.js'),
  beginner: () => import(/* webpackChunkName: "shell-page-beginner-page" */ './beginner-page.js'),
  business: () => import(/* webpackChunkName: "shell-page-business-page" */ './business-page.js'),
  flow: () => import(/* webpackChunkName: "shell-page-flow-page" */ './flow-page.js'),
  terms: () => import(/* webpackChunkName: "shell-page-terms-page" */ './terms-page.js'),
  privacy: () => import(/* webpackChunkName: "shell-page-privacy-page" */ './privacy-page.js'),
  laterPayment: () => import(/* webpackChunkName: "shell-page-later-payment-page" */ './later-payment-page.js'),
  checklist: () => import(/* webpackChunkName: "shell-page-checklist-page" */ './checklist-page.js'),
  award: () => import(/* webpackChunkName: "shell-page-award-page" */ './award-page.js'),
  samples: () => import(/* webpackChunkName: "shell-page-samples-page" */ './samples-page.js'),
  samplesFeatures: () => import(/* webpackChunkName: "shell-page-samples-features-page" */ './samples-features-page.js'),
};

const loaded = new Map<string, ComponentType<ShellPageProps>>();
const pending = new Map<string, Promise<ComponentType<ShellPageProps>>>();

export const isShellPageName = (name: string): name is ShellPageName => Object.hasOwn(LOADERS, name);

export const shellPages = {
  peek: (name: string): ComponentType<ShellPageProps> | undefined => loaded.get(name),
  load(name: string): Promise<ComponentType<ShellPageProps>> {
    if (!isShellPageName(name)) return Promise.reject(new Error(`no shell page ${name}`));
    const hit = loaded.get(name);
    if (hit) return Promise.resolve(hit);
    let p = pending.get(name);
    if (!p) {
      p = LOADERS[name]().then((m) => {
        loaded.set(name, m.default);
        return m.default;
      });
      pending.set(name, p);
    }
    return p;
  },
};
