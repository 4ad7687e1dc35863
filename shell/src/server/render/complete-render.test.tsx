/**
 * @jest-environment node
 *
 * A page's complete render: one synchronous pass when the tree completes in it, the same markup the
 * stream gives; the stream when something suspends or throws, as before (issue 15).
 */
import { Suspense, use, useId, type ReactNode } from 'react';
import type { LayoutProps } from '@sumika/shell-kit';
import { LayoutHeading } from '@sumika/shell-kit/chrome/layout';
import { completeRender, placeHeading, renderAtOnce, renderCounts, renderStreamed, type CompletedRender } from './complete-render.js';
import { HEADING_MARKUP_ATTRIBUTE, ServerPageRuntime } from './server-page-runtime.js';

const quiet = { error: () => undefined };

async function markup(render: Promise<CompletedRender>): Promise<string> {
  const done = await render;
  if (!done.ok) throw done.error;
  return (await done.html()).toString('utf8');
}

function Field({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={label} defaultValue="渋谷 &lt;駅&gt;" />
    </p>
  );
}

/** What the pages hold: ids, boundaries, text beside text, a priority image, a hoistable tag, Japanese text, attributes to escape. */
function Page({ rows }: { rows: number }) {
  return (
    <div className="page" data-view="pc">
      <title>賃貸物件の検索結果</title>
      <img src="/img/first.jpg?w=640&amp;h=480" alt="外観" fetchPriority="high" width={640} height={480} />
      <Field label="フリーワード" />
      <Suspense fallback={<p>読み込み中…</p>}>
        <table>
          <tbody>
            {Array.from({ length: rows }, (_, i) => (
              <tr key={i}>
                <td>
                  賃料 {i}万円 / 管理費 {i * 1000}円
                </td>
                <td>
                  <a href={`/bukken/detail/bk${i}?from="list"&x=<y>`}>詳細を見る</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Suspense>
      <Suspense fallback={null}>
        <Field label="駅" />
      </Suspense>
    </div>
  );
}

function Pending({ promise, children }: { promise: Promise<string>; children?: ReactNode }) {
  return (
    <span>
      {use(promise)}
      {children}
    </span>
  );
}

function Broken(): ReactNode {
  throw new Error('remote page threw');
}

/** The layout's part before the page (shell/kit/src/chrome/layout.tsx): the heading that the page sets. */
function Heading({ read }: { read: NonNullable<LayoutProps['readHeading']> }) {
  return <LayoutHeading data={{}} read={read} origin="https://sumika.example" view="pc" />;
}

function Titled({ runtime, title }: { runtime: ServerPageRuntime; title: string }) {
  runtime.setMeta({ pageTitle: title, breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: title }] });
  return <Field label={title} />;
}

function Shell({ runtime, title }: { runtime: ServerPageRuntime; title: string }) {
  return (
    <Suspense fallback={null}>
      <main>
        <Heading read={runtime.readHeading!} />
        <Titled runtime={runtime} title={title} />
        {runtime.afterPage}
      </main>
    </Suspense>
  );
}

describe('completeRender', () => {
  it('puts the heading the page set in its place, as the stream does waiting for it', async () => {
    const before = renderCounts();
    const atOnce = await markup(completeRender((heading) => <Shell runtime={new ServerPageRuntime(heading)} title="渋谷区の賃貸" />, 'n0nce', quiet));
    expect(renderCounts().streamed - before.streamed).toBe(0);
    expect(atOnce).toContain('渋谷区の賃貸</h1>');
    expect(atOnce).toContain('パンくずリスト');
    expect(atOnce).not.toContain('template');
    expect(atOnce).toBe(await markup(renderStreamed(<Shell runtime={new ServerPageRuntime('awaited')} title="渋谷区の賃貸" />, 'n0nce', quiet)));
    // A runtime that has rendered its page reads the heading in place the next time.
    const runtime = new ServerPageRuntime('later');
    await markup(completeRender(() => <Shell runtime={runtime} title="渋谷区の賃貸" />, 'n0nce', quiet));
    expect(await markup(completeRender(() => <Shell runtime={runtime} title="渋谷区の賃貸" />, 'n0nce', quiet))).toBe(atOnce);
  });

  it('places the heading only when its place and its markup come once each, in that order', () => {
    const slot = '<template></template>';
    const markupOf = (inner: string) => `<template ${HEADING_MARKUP_ATTRIBUTE}="">${inner}</template>`;
    expect(placeHeading(`<main>${slot}<p>本文</p>${markupOf('<h1>見出し</h1>')}</main>`)).toBe('<main><h1>見出し</h1><p>本文</p></main>');
    expect(placeHeading('<main><p>本文</p></main>')).toBe('<main><p>本文</p></main>');
    expect(placeHeading(`<main><h1>見出し</h1>${markupOf('<h1>見出し</h1>')}</main>`)).toBe('<main><h1>見出し</h1></main>');
    expect(placeHeading(`<main>${slot}<p>本文</p></main>`)).toBeUndefined();
    expect(placeHeading(`<main>${markupOf('<h1>見出し</h1>')}${slot}</main>`)).toBeUndefined();
    expect(placeHeading(`<main>${slot}${slot}${markupOf('<h1>見出し</h1>')}</main>`)).toBeUndefined();
    expect(placeHeading(`<main>${slot}${markupOf('<h1>a</h1>')}${markupOf('<h1>b</h1>')}</main>`)).toBeUndefined();
  });

  it('renders a tree that completes in one synchronous pass, with the markup the stream gives', async () => {
    for (const rows of [0, 3, 400]) {
      const before = renderCounts();
      const atOnce = await markup(completeRender(() => <Page rows={rows} />, 'n0nce', quiet));
      const after = renderCounts();
      expect([after.atOnce - before.atOnce, after.streamed - before.streamed]).toEqual([1, 0]);
      const streamed = await markup(renderStreamed(<Page rows={rows} />, 'n0nce', quiet));
      expect(atOnce).toBe(streamed);
    }
    expect(renderAtOnce(<Page rows={2} />)).toContain('<!--$-->');
  });

  it('waits through the stream for what suspended, inside a boundary or outside', async () => {
    for (const tree of [
      (p: Promise<string>) => (
        <div>
          <Suspense fallback={<i>…</i>}>
            <Pending promise={p} />
          </Suspense>
        </div>
      ),
      (p: Promise<string>) => (
        <div>
          <Pending promise={p}>
            <Field label="駅" />
          </Pending>
        </div>
      ),
    ]) {
      let settle: (v: string) => void = () => undefined;
      const promise = new Promise<string>((resolve) => (settle = resolve));
      const before = renderCounts();
      const render = completeRender(() => tree(promise), 'n0nce', quiet);
      setTimeout(() => settle('届きました'), 10);
      const html = await markup(render);
      expect(html).toContain('届きました');
      expect(html).not.toContain('<!--$!');
      expect(renderCounts().streamed - before.streamed).toBe(1);
      expect(html).toBe(await markup(renderStreamed(tree(Promise.resolve('届きました')), 'n0nce', quiet)));
    }
  });

  it('reports what threw inside a boundary, as the stream always did', async () => {
    const logged: object[] = [];
    const done = await completeRender(
      () => (
        <div>
          <Suspense fallback={<p>読み込み中…</p>}>
            <Broken />
          </Suspense>
        </div>
      ),
      'n0nce',
      { error: (obj) => logged.push(obj) },
    );
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(done.errors).toHaveLength(1);
    expect(logged).toEqual([{ err: 'remote page threw' }]);
    expect((await done.html()).toString('utf8')).toContain('<!--$!-->');
  });

  it('fails a tree that throws outside every boundary', async () => {
    const done = await completeRender(() => <Broken />, 'n0nce', quiet);
    expect(done.ok).toBe(false);
  });
});
