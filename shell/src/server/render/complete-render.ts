import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { HEADING_MARKUP_ATTRIBUTE, type HeadingMode } from './server-page-runtime.js';

/** A render that has completed (every boundary resolved), not sent yet: `html` is the page body's markup. */
export type CompletedRender = { ok: true; html: () => Promise<Buffer>; errors: unknown[] } | { ok: false; error: unknown };

export interface RenderLog {
  error(obj: object, msg: string): void;
}

const STREAM_TIMEOUT_MS = 10_000;
/** React's marker of a boundary left for the client to render (it suspended, or threw, on the server). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!';

/** Trees rendered in one synchronous pass, and through the stream, since the process started (tests read them). */
const counts = { atOnce: 0, streamed: 0 };
export const renderCounts = (): Readonly<typeof counts> => ({ ...counts });

/** The layout's mark of the heading's place (LayoutHeading when `readHeading` answers null): no other empty template is written. */
const SLOT = '<template></template>';
const MARKUP_OPEN = `<template ${HEADING_MARKUP_ATTRIBUTE}="">`;
const MARKUP_CLOSE = '</template>';

/**
 * The layout's heading moved into its place: the synchronous render marks the place (the layout renders
 * before the page, which sets the heading) and renders the heading after the page, marked
 * (ServerPageRuntime 'later'). Undefined when the marks are not one of each, in that order.
 */
export function placeHeading(html: string): string | undefined {
  const slot = html.indexOf(SLOT);
  const open = html.indexOf(MARKUP_OPEN);
  if (slot < 0 && open < 0) return html;
  if (open < 0 || html.indexOf(MARKUP_OPEN, open + 1) >= 0) return undefined;
  const close = html.indexOf(MARKUP_CLOSE, open + MARKUP_OPEN.length);
  if (close < 0) return undefined;
  const markup = html.slice(open + MARKUP_OPEN.length, close);
  const rest = html.slice(0, open) + html.slice(close + MARKUP_CLOSE.length);
  if (slot < 0) return rest;
  if (slot > open || rest.indexOf(SLOT, slot + 1) >= 0) return undefined;
  return rest.slice(0, slot) + markup + rest.slice(slot + SLOT.length);
}

/**
 * The tree's markup from one synchronous pass (`renderToString`), or undefined when the tree did not
 * complete in it: something suspended (a module or data still on its way) or threw, inside a
 * Suspense boundary (React then leaves the boundary to the client) or outside one (React throws).
 * The pages' data is in the cache before they render, so nearly every page completes here; this
 * costs half of what the stream does for the same markup (React encodes each of its small chunks
 * to bytes as it streams them, then the chunks are joined; docs/benchmarks.md).
 */
export function renderAtOnce(tree: ReactNode): string | undefined {
  let html: string;
  try {
    html = renderToString(tree);
  } catch {
    return undefined;
  }
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? undefined : placeHeading(html);
}

/** Renders the tree through the stream, and answers once it is complete (onAllReady) or has no shell; cut at STREAM_TIMEOUT_MS. */
export function renderStreamed(tree: ReactNode, nonce: string, log: RenderLog): Promise<CompletedRender> {
  counts.streamed += 1;
  return new Promise<CompletedRender>((resolve) => {
    const errors: unknown[] = [];
    const timer = setTimeout(() => abort(), STREAM_TIMEOUT_MS);
    const { pipe, abort } = renderToPipeableStream(tree, {
      // Every boundary is complete before anything is written. React would still outline a boundary
      // past 12.8 KB into a hidden segment revealed by script, and since 19.2 batches reveals up to
      // 300 ms later, so the page showed 読み込み中… over content it already had, and hydration
      // could meet the content twice. Inline everything.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Any script React writes carries the response's CSP nonce.
      nonce,
      onAllReady() {
        clearTimeout(timer);
        const html = () =>
          new Promise<Buffer>((done, fail) => {
            const chunks: Buffer[] = [];
            const body = new PassThrough();
            body.on('data', (chunk: Buffer) => chunks.push(chunk));
            body.on('end', () => done(Buffer.concat(chunks)));
            body.on('error', fail);
            pipe(body);
          });
        resolve({ ok: true, html, errors });
      },
      onShellError(error) {
        clearTimeout(timer);
        resolve({ ok: false, error });
      },
      onError(err) {
        errors.push(err);
        log.error({ err: err instanceof Error ? err.message : String(err) }, 'render error');
      },
    });
  });
}

/**
 * Renders the tree completely: in one synchronous pass when it completes there (renderAtOnce; the
 * tree built for it reads the heading `later`), else through the stream (the tree built again, the
 * heading `awaited`), which waits for what suspended and reports what threw as the page always had
 * it. The markup is the same either way (complete-render.test, one-render.test); the stream's only
 * script would be a boundary's reveal, and no boundary is outlined (progressiveChunkSize), so the
 * synchronous pass needs no nonce.
 */
export function completeRender(tree: (heading: HeadingMode) => ReactNode, nonce: string, log: RenderLog): Promise<CompletedRender> {
  const html = renderAtOnce(tree('later'));
  if (html === undefined) return renderStreamed(tree('awaited'), nonce, log);
  counts.atOnce += 1;
  return Promise.resolve({ ok: true, html: async () => Buffer.from(html), errors: [] });
}
