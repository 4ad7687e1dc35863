import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, createMemoryHistory } from '../router/router.js';
import { ClientContextProvider, useIsExternalReferrer } from '../client-context/client-context-provider.js';
import { DEFAULT_CLIENT_CONTEXT, type ClientContext } from '../client-context/client-context.js';
import { StockCountsProvider } from '../stock-counts/stock-counts-provider.js';
import type { LastSearchCondition } from '../graphql/operations/required-user-data.js';
import { AppInstallBanner, shouldShowAppInstallBanner } from './app-install-banner.js';
import { Breadcrumbs, breadcrumbJsonLd } from './breadcrumbs.js';
import { ErrorBox } from './error-box.js';
import { ErrorPage } from './error-page.js';
import { FollowingHeader } from './following-header.js';
import { PC_FOOTER_LINKS, PcFooter, SpFooter } from './footers.js';
import { InquiryFormHeader } from './inquiry-form-header.js';
import { Layout } from './layout.js';
import { LEAVE_MARKER_KEY, LeavePopup, armLeaveMarker } from './leave-popup.js';
import { Meta, errorPageMeta, metaTags, metaToHtml, viewportContent } from './meta.js';
import { NoMenuHeader } from './no-menu-header.js';
import { PageTopLink } from './page-top-link.js';
import { PcHeader } from './pc-header.js';
import { PreviousSearchBalloon, balloonRows } from './previous-search-balloon.js';
import { RegionMapPicker, mapLabelOf, regionMapReducer, type RegionSummary } from './region-map-picker.js';
import { SpHeader } from './sp-header.js';
import { TestBanner } from './test-banner.js';
import { UserMenu } from './user-menu.js';

const pc: ClientContext = { ...DEFAULT_CLIENT_CONTEXT, serverDate: '2024-10-02T16:30:00.000Z', env: 'production' };
const sp: ClientContext = { ...pc, isSpView: true, isIphone: true };
const app: ClientContext = { ...sp, isApp: true, isIosApp: true };

function renderWith(
  ctx: ClientContext,
  ui: ReactNode,
  opts: { counts?: { favorite: number; detail: number; search: number; incomplete?: number; alert?: number }; path?: string } = {},
) {
  return render(
    <MemoryRouter initialPath={opts.path ?? '/'}>
      <ClientContextProvider value={ctx}>
        <StockCountsProvider initialCounts={opts.counts ?? { favorite: 0, detail: 0, search: 0 }} serverCounts={null}>
          {ui}
        </StockCountsProvider>
      </ClientContextProvider>
    </MemoryRouter>,
  );
}

function ReferrerProbe() {
  return <p data-testid="external">{String(useIsExternalReferrer())}</p>;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('PcHeader', () => {
  it('shows the total count with today (Japan time) as yyyy/MM/dd, the free-word form and badge links', () => {
    renderWith(pc, <PcHeader totalCount={1234567} />, { counts: { favorite: 3, detail: 12, search: 0 } });
    expect(screen.getByTestId('total-count').textContent).toBe('掲載物件数1,234,567件2024/10/03 更新');
    const form = screen.getByRole('search') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search/words');
    expect(form.getAttribute('method')).toBe('get');
    const q = within(form).getByRole('searchbox') as HTMLInputElement;
    expect(q.name).toBe('q');
    expect(q.placeholder).toBe('物件名・住所・路線・駅名などを入力');
    expect(screen.getByRole('link', { name: 'お気に入り 3 件' }).getAttribute('href')).toBe('/favorite');
    expect(screen.getByRole('link', { name: '閲覧履歴 12 件' }).getAttribute('href')).toBe('/detail_history');
    expect(screen.getByRole('link', { name: '保存した条件 0 件' }).getAttribute('href')).toBe('/stock_search');
    expect(screen.getByTestId('badge-favorite').textContent).toBe('3');
    expect(screen.getByTestId('badge-detail').textContent).toBe('12');
    expect(screen.queryByTestId('badge-search')).toBeNull();
  });
  it('hides the total when it is 0 or unknown; caps badges at 99+', () => {
    renderWith(pc, <PcHeader totalCount={0} counts={{ favorite: 50, detail: 120, search: 1 }} />);
    expect(screen.queryByTestId('total-count')).toBeNull();
    expect(screen.getByTestId('badge-detail').textContent).toBe('99+');
  });
});

describe('SpHeader', () => {
  it('toggles the search bar', () => {
    renderWith(sp, <SpHeader />, { counts: { favorite: 2, detail: 0, search: 0 } });
    const toggle = screen.getByRole('button', { name: '検索' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('search')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: '閉じる' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('search')).not.toBeNull();
    expect(screen.getByTestId('badge-favorite').textContent).toBe('2');
  });
});

describe('UserMenu', () => {
  const menuSummary = () => document.querySelector('.sk-menu > summary') as HTMLElement;
  const alertBadge = () => document.querySelector('.sk-menu .sk-badge');
  /** Opens the disclosure as a click on its summary does, and waits for the list's chunk. */
  const openMenu = async () => {
    const details = menuSummary().closest('details') as HTMLDetailsElement;
    expect(details.querySelector('ul')).toBeNull();
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(details.querySelector('ul.sk-menu__list')).not.toBeNull());
    return details;
  };
  const menuLinks = (root: HTMLElement) =>
    within(root)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);

  it('PC: a native disclosure reaching favorites, compare, history, saved searches and incomplete inquiries with their counts', async () => {
    renderWith(pc, <PcHeader totalCount={1} />, { counts: { favorite: 4, detail: 12, search: 2, incomplete: 1, alert: 0 } });
    expect(menuSummary().tagName).toBe('SUMMARY');
    expect(menuSummary().textContent).toBe('マイメニュー');
    // No alerts: no change badge.
    expect(alertBadge()).toBeNull();
    const details = await openMenu();
    expect(menuLinks(details.querySelector('ul') as HTMLElement)).toEqual([
      ['お気に入り4件', '/favorite'],
      ['お気に入りの比較4件', '/favorite/compare_bukkens'],
      ['閲覧履歴12件', '/detail_history'],
      ['保存した条件2件', '/stock_search'],
      ['未完了の問い合わせ1件', '/incomplete'],
    ]);
  });

  it('mobile: the phone header reaches every page too, and the summary shows the unread alerts badge', async () => {
    renderWith(sp, <SpHeader />, { counts: { favorite: 1, detail: 0, search: 3, incomplete: 2, alert: 5 } });
    expect(alertBadge()?.textContent).toBe('新着5');
    expect(menuSummary().textContent).toBe('マイメニュー新着5');
    const details = await openMenu();
    expect(
      within(details)
        .getByRole('link', { name: /^保存した条件\s?3件$/ })
        .getAttribute('href'),
    ).toBe('/stock_search');
    expect(
      within(details)
        .getByRole('link', { name: /^未完了の問い合わせ\s?2件$/ })
        .getAttribute('href'),
    ).toBe('/incomplete');
  });

  it('counts unknown to the provider read 0; following a link closes the menu', async () => {
    renderWith(pc, <UserMenu counts={{ favorite: 150, detail: 0, search: 0 }} />);
    const details = await openMenu();
    expect(within(details).getByRole('link', { name: /^未完了の問い合わせ\s?0件$/ })).not.toBeNull();
    expect(within(details).getByRole('link', { name: /^お気に入りの比較\s?99\+件$/ })).not.toBeNull();
    fireEvent.click(within(details).getByRole('link', { name: /^閲覧履歴\s?0件$/ }));
    await waitFor(() => expect(details.open).toBe(false));
  });

  it('Escape closes the open menu and gives focus back to its summary; a press outside closes it too', async () => {
    renderWith(pc, <UserMenu counts={{ favorite: 1, detail: 0, search: 0 }} />);
    const details = await openMenu();
    within(details).getAllByRole('link')[0]!.focus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(menuSummary());
    details.open = true;
    fireEvent.pointerDown(within(details).getAllByRole('link')[0]!);
    expect(details.open).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(details.open).toBe(false);
  });
});

describe('other headers', () => {
  it('inquiry form header', () => {
    renderWith(pc, <InquiryFormHeader />);
    expect(screen.getByRole('heading', { name: 'お問い合わせフォーム' })).not.toBeNull();
  });
  it('no-menu header with the phone block', () => {
    renderWith(pc, <NoMenuHeader phone="0120-111-222" />);
    expect(screen.getByText('フォーム送信後、通常1営業日以内に担当者よりご連絡いたします。')).not.toBeNull();
    expect(screen.getByRole('link', { name: /0120-111-222/ }).getAttribute('href')).toBe('tel:0120111222');
  });
});

describe('scroll-driven chrome', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    scrollTo(0);
  });
  afterEach(() => jest.useRealTimers());

  it('following header slides in after 78 px', () => {
    const { container } = renderWith(pc, <FollowingHeader />);
    const el = container.querySelector('.sk-following') as HTMLElement;
    expect(el.dataset.visible).toBe('false');
    act(() => scrollTo(78));
    act(() => void jest.advanceTimersByTime(200));
    expect(el.dataset.visible).toBe('false');
    act(() => scrollTo(79));
    act(() => void jest.advanceTimersByTime(200));
    expect(el.dataset.visible).toBe('true');
    act(() => scrollTo(10));
    act(() => void jest.advanceTimersByTime(200));
    expect(el.dataset.visible).toBe('false');
  });

  it('page-top link shows 500 ms after passing 100 px and hides at once', () => {
    const { container } = renderWith(pc, <PageTopLink />);
    const link = container.querySelector('.sk-page-top') as HTMLElement;
    act(() => scrollTo(101));
    act(() => void jest.advanceTimersByTime(499));
    expect(link.dataset.visible).toBe('false');
    act(() => void jest.advanceTimersByTime(1));
    expect(link.dataset.visible).toBe('true');
    act(() => void jest.advanceTimersByTime(200));
    act(() => scrollTo(50));
    act(() => void jest.advanceTimersByTime(100));
    expect(link.dataset.visible).toBe('false');
  });

  it('page-top link scrolls to the top smoothly', () => {
    const spy = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWith(pc, <PageTopLink />);
    fireEvent.click(screen.getByText('TOP'));
    expect(spy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    spy.mockRestore();
  });

  it('page-top link is hidden in the app', () => {
    const { container } = renderWith(app, <PageTopLink />);
    expect(container.querySelector('.sk-page-top')).toBeNull();
  });
});

describe('footers', () => {
  it('PC footer has the SPEC links, 掲載110番 → /violate', () => {
    renderWith(pc, <PcFooter />);
    const nav = screen.getByRole('navigation', { name: 'フッターメニュー' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(PC_FOOTER_LINKS.map((l) => l.label));
    expect(within(nav).getByRole('link', { name: '掲載110番' }).getAttribute('href')).toBe('/violate');
    expect(within(nav).getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/specific/terms');
    expect(within(nav).getByRole('link', { name: 'プライバシーポリシー' }).getAttribute('href')).toBe('/specific/privacy');
    expect(within(nav).getByRole('link', { name: 'お問い合わせ' }).getAttribute('href')).toBe('/users_inquiry');
    expect(within(nav).getByRole('link', { name: 'はじめての方へ' }).getAttribute('href')).toBe('/statics/beginner');
    expect(within(nav).getByRole('link', { name: '内見チェックリスト' }).getAttribute('href')).toBe('/checklist');
    expect(within(nav).getByRole('link', { name: 'ヘルプ' }).getAttribute('href')).toBe('/statics/help');
    expect(within(nav).getByRole('link', { name: 'サイトマップ' }).getAttribute('href')).toBe('/specific/sitemap');
    expect(within(nav).getByRole('link', { name: '会社概要' }).getAttribute('target')).toBe('_blank');
  });
  it('mobile footer adds the privacy mark', () => {
    renderWith(sp, <SpFooter />);
    expect(screen.getByRole('link', { name: '掲載110番' }).getAttribute('href')).toBe('/violate');
    expect(screen.getByRole('link', { name: 'プライバシーマーク' }).getAttribute('href')).toBe('https://privacymark.jp/');
  });
});

describe('Breadcrumbs', () => {
  const items = [{ text: '賃貸TOP', path: '/' }, { text: '東京都', path: '/tokyo', preventPrefetch: true }, { text: '渋谷区の賃貸物件' }];
  it('links every item but the last and emits BreadcrumbList JSON-LD', () => {
    const { container } = renderWith(pc, <Breadcrumbs items={items} origin="https://sumika.example/" />);
    expect(screen.getByRole('link', { name: '賃貸TOP' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: '東京都' }).getAttribute('data-prefetch')).toBe('none');
    expect(screen.queryByRole('link', { name: '渋谷区の賃貸物件' })).toBeNull();
    expect(screen.getByText('渋谷区の賃貸物件').getAttribute('aria-current')).toBe('page');
    const script = container.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: '賃貸TOP', item: 'https://sumika.example/' },
        { '@type': 'ListItem', position: 2, name: '東京都', item: 'https://sumika.example/tokyo' },
        { '@type': 'ListItem', position: 3, name: '渋谷区の賃貸物件' },
      ],
    });
  });
  it('keeps the JSON-LD inside its script', () => {
    const json = JSON.stringify(breadcrumbJsonLd([{ text: '</script><script>alert(1)</script>' }]));
    expect(json).toContain('</script>');
    const { container } = renderWith(pc, <Breadcrumbs items={[{ text: '</script><b>x</b>' }]} />);
    expect(container.querySelector('script')?.textContent).not.toContain('</script>');
    expect(container.querySelector('b')).toBeNull();
  });
});

describe('TestBanner', () => {
  it('is hidden in production', () => {
    const { container } = renderWith(pc, <TestBanner />);
    expect(container.querySelector('.sk-test-banner')).toBeNull();
  });
  it.each(['localhost', 'develop', 'staging', 'test'] as const)('shows on %s and hides on click', (env) => {
    renderWith({ ...pc, env }, <TestBanner />);
    const banner = screen.getByRole('button', { name: /テスト環境です（v4\.1）/ });
    fireEvent.click(banner);
    expect(screen.queryByRole('button', { name: /テスト環境です/ })).toBeNull();
  });
});

describe('AppInstallBanner', () => {
  const ext = { isSpView: true, isApp: false, isExternalReferrer: true };
  it('shows for externally referred mobile web visitors on the listed routes', () => {
    for (const pageKind of ['topic', 'prefecture', 'stock_search', 'favorite', 'detail_history'] as const)
      expect(shouldShowAppInstallBanner(ext, { pageKind })).toBe(true);
    for (const pathname of ['/campus', '/campus/tokyo', '/search/campus/12', '/search/campus/12/page/2', '/topic/pet'])
      expect(shouldShowAppInstallBanner(ext, { pageKind: 'list', pathname })).toBe(true);
    expect(shouldShowAppInstallBanner(ext, { pageKind: 'detail', pathname: '/bukken/detail/x' })).toBe(false);
    expect(shouldShowAppInstallBanner({ ...ext, isExternalReferrer: false }, { pageKind: 'favorite' })).toBe(false);
    expect(shouldShowAppInstallBanner({ ...ext, isApp: true }, { pageKind: 'favorite' })).toBe(false);
    expect(shouldShowAppInstallBanner({ ...ext, isSpView: false }, { pageKind: 'favorite' })).toBe(false);
  });
  it('links to the store with pid and source, and can be dismissed', async () => {
    sessionStorage.clear();
    renderWith({ ...sp, isExternalReferrer: true, refCode: 'mail_1003' }, <AppInstallBanner pageKind="favorite" />);
    // Its markup is a lazy chunk (only the visitors who get the banner load it).
    const link = await screen.findByRole('link', { name: '無料で使う' });
    expect(new URL(link.getAttribute('href') ?? '').searchParams.get('pid')).toBe('sp_app_banner_mail');
    expect(link.getAttribute('href')).toContain('apps.apple.com');
    fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('link', { name: '無料で使う' })).toBeNull();
    expect(sessionStorage.getItem('sk_app_banner_dismissed')).toBe('1');
  });
});

describe('LeavePopup', () => {
  afterEach(() => {
    window.history.replaceState(null, '');
  });
  it('armLeaveMarker marks before and pushes after, keeping the router state, once', () => {
    const calls: [string, unknown][] = [];
    const h = {
      state: { key: 'abc', idx: 0 } as unknown,
      replaceState(s: unknown) {
        calls.push(['replace', s]);
        this.state = s;
      },
      pushState(s: unknown) {
        calls.push(['push', s]);
        this.state = s;
      },
    };
    expect(armLeaveMarker(h)).toBe(true);
    expect(calls).toEqual([
      ['replace', { key: 'abc', idx: 0, [LEAVE_MARKER_KEY]: 'before' }],
      ['push', { key: 'abc', idx: 0, [LEAVE_MARKER_KEY]: 'after' }],
    ]);
    expect(armLeaveMarker(h)).toBe(false);
  });

  it('back to the marker opens お知らせ; close goes forward, leave goes back', async () => {
    const forward = jest.spyOn(window.history, 'forward').mockImplementation(() => undefined);
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    renderWith({ ...sp, isExternalReferrer: true }, <LeavePopup />, { path: '/topic/pet' });
    expect(window.history.state?.[LEAVE_MARKER_KEY]).toBe('after');
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void window.dispatchEvent(new PopStateEvent('popstate', { state: { [LEAVE_MARKER_KEY]: 'before' } })));
    const dialog = await screen.findByRole('dialog', { name: 'お知らせ' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.dataset.variant).toBe('app');
    expect(within(dialog).getByText('お知らせ')).not.toBeNull();
    expect(within(dialog).getByRole('link', { name: 'アプリをダウンロード（無料）' }).getAttribute('href')).toContain('pid=leave_popup_organic');
    fireEvent.click(within(dialog).getByRole('button', { name: '閉じる' }));
    expect(forward).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // re-armed: the next back opens it again
    act(() => void window.dispatchEvent(new PopStateEvent('popstate', { state: { [LEAVE_MARKER_KEY]: 'before' } })));
    fireEvent.click(await screen.findByRole('button', { name: 'このページから離れる' }));
    expect(back).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    forward.mockRestore();
    back.mockRestore();
  });

  it('the messaging-account variant links to the friend-add page', async () => {
    renderWith({ ...pc, isExternalReferrer: true }, <LeavePopup variant="line" />);
    act(() => void window.dispatchEvent(new PopStateEvent('popstate', { state: { [LEAVE_MARKER_KEY]: 'before' } })));
    expect((await screen.findByRole('link', { name: '友だち追加する' })).getAttribute('href')).toBe('https://line.me/R/ti/p/@sumika');
    expect(screen.getByRole('dialog')).toHaveProperty('dataset.variant', 'line');
  });

  it('is not armed for same-site visitors, on /apply, or in the app', async () => {
    for (const [ctx, path] of [
      [{ ...pc, isExternalReferrer: false }, '/'],
      [{ ...pc, isExternalReferrer: true }, '/apply'],
      [{ ...pc, isExternalReferrer: true }, '/apply/create'],
      [{ ...app, isExternalReferrer: true }, '/'],
    ] as const) {
      window.history.replaceState(null, '');
      const { unmount } = renderWith(ctx, <LeavePopup />, { path });
      expect(window.history.state?.[LEAVE_MARKER_KEY]).toBeUndefined();
      act(() => void window.dispatchEvent(new PopStateEvent('popstate', { state: { [LEAVE_MARKER_KEY]: 'before' } })));
      // Give a popup that opened by mistake the time to load before looking.
      await act(async () => undefined);
      expect(screen.queryByRole('dialog')).toBeNull();
      unmount();
    }
  });
});

describe('Logo', () => {
  it("the link's accessible name contains its visible text; the tagline is outside the link", () => {
    renderWith(pc, <PcHeader totalCount={1} />);
    const header = screen.getByRole('banner');
    const link = within(header).getByRole('link', { name: 'すみか トップページ' });
    expect(link.textContent).toBe('すみか');
    expect(link.getAttribute('href')).toBe('/');
    expect(within(header).getByText('賃貸物件検索').closest('a')).toBeNull();
  });
});

describe('PreviousSearchBalloon', () => {
  const condition: LastSearchCondition = {
    searchPath: '/search/tokyo/city/13113',
    searchText: '東京都 渋谷区 / ペット可',
    conditionText: null,
    prefectureName: '東京都',
    gdCityName: null,
    citiesShortName: '渋谷区',
    linesStationsName: null,
    specialName: 'ペット可',
  };
  it('lists the condition for external referrers on PC, with 指定なし by default', async () => {
    renderWith({ ...pc, isExternalReferrer: true }, <PreviousSearchBalloon condition={condition} />);
    // Its markup is a lazy chunk (only the visitors who get the balloon load it).
    const balloon = await screen.findByRole('complementary', { name: '前回の検索条件' });
    expect(within(balloon).getByText('こだわりの条件').nextSibling?.textContent).toBe('指定なし');
    expect(within(balloon).getByRole('link', { name: 'この条件で検索する' }).getAttribute('href')).toBe('/search/tokyo/city/13113');
    fireEvent.click(within(balloon).getByRole('button', { name: '閉じる' }));
    expect(screen.queryByRole('complementary', { name: '前回の検索条件' })).toBeNull();
  });
  it('closes with Escape from inside it (keyboard)', async () => {
    renderWith({ ...pc, isExternalReferrer: true }, <PreviousSearchBalloon condition={condition} />);
    const search = within(await screen.findByRole('complementary', { name: '前回の検索条件' })).getByRole('link', { name: 'この条件で検索する' });
    search.focus();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: '前回の検索条件' })).toBeNull();
  });
  it('is hidden for same-site visitors, on mobile, and without a search path', () => {
    const { container } = renderWith({ ...pc, isExternalReferrer: false }, <PreviousSearchBalloon condition={condition} />);
    expect(container.querySelector('.sk-balloon')).toBeNull();
    expect(renderWith({ ...sp, isExternalReferrer: true }, <PreviousSearchBalloon condition={condition} />).container.querySelector('.sk-balloon')).toBeNull();
    expect(
      renderWith({ ...pc, isExternalReferrer: true }, <PreviousSearchBalloon condition={{ ...condition, searchPath: '' }} />).container.querySelector(
        '.sk-balloon',
      ),
    ).toBeNull();
  });
  it('stays on the landing page: after a navigation inside the site the visitor is no longer externally referred', () => {
    const history = createMemoryHistory('/search/tokyo');
    render(
      <MemoryRouter history={history}>
        <ClientContextProvider value={{ ...pc, isExternalReferrer: true }}>
          <PreviousSearchBalloon condition={condition} />
          <ReferrerProbe />
        </ClientContextProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('complementary', { name: '前回の検索条件' })).toBeTruthy();
    expect(screen.getByTestId('external').textContent).toBe('true');
    act(() => history.navigate('/bukken/detail/bk1'));
    expect(screen.queryByRole('complementary', { name: '前回の検索条件' })).toBeNull();
    expect(screen.getByTestId('external').textContent).toBe('false');
  });
  it('rows', () => {
    expect(
      balloonRows({ ...condition, searchText: '東京都 横浜市 渋谷区 / 2LDK / 10万円以下', conditionText: '2LDK / 10万円以下', gdCityName: '横浜市' }),
    ).toEqual([
      { label: '都道府県', value: '東京都' },
      { label: '市区町村', value: '横浜市 渋谷区' },
      { label: '特集', value: 'ペット可' },
      { label: 'こだわりの条件', value: '2LDK / 10万円以下' },
    ]);
  });
});

describe('RegionMapPicker', () => {
  const pref = (code: number, name: string, path: string) => ({ __typename: 'Prefecture' as const, code, name, path });
  const regions: RegionSummary[] = [
    { __typename: 'Region', code: 'kanto', name: '関東', prefectures: [pref(13, '東京都', 'tokyo'), pref(14, '神奈川県', 'kanagawa')] },
    { __typename: 'Region', code: 'hokkaido', name: '北海道・東北', prefectures: [pref(1, '北海道', 'hokkaido'), pref(4, '宮城県', 'miyagi')] },
    { __typename: 'Region', code: 'kyusyu', name: '九州・沖縄', prefectures: [pref(40, '福岡県', 'fukuoka'), pref(47, '沖縄県', 'okinawa')] },
  ];
  it('reducer: none or one selected', () => {
    const s = regionMapReducer({ selected: null }, { type: 'select', code: 'kanto' });
    expect(s).toEqual({ selected: 'kanto' });
    expect(regionMapReducer(s, { type: 'select', code: 'kanto' })).toBe(s);
    expect(regionMapReducer(s, { type: 'reset' })).toEqual({ selected: null });
  });
  it('map labels leave out the directly linked islands', () => {
    expect(regions.map(mapLabelOf)).toEqual(['関東', '東北', '九州']);
  });
  it('PC: click a region for its prefectures; Hokkaido and Okinawa link directly; 全国に戻る resets', () => {
    renderWith(pc, <RegionMapPicker regions={regions} />);
    expect(screen.getByRole('link', { name: '北海道' }).getAttribute('href')).toBe('/hokkaido');
    expect(screen.getByRole('link', { name: '沖縄県' }).getAttribute('href')).toBe('/okinawa');
    expect(screen.queryByRole('link', { name: '東京都' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '関東' }));
    expect(screen.getByRole('button', { name: '関東' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: '東京都' }).getAttribute('href')).toBe('/tokyo');
    fireEvent.click(screen.getByRole('button', { name: '全国に戻る' }));
    expect(screen.queryByRole('link', { name: '東京都' })).toBeNull();
  });
  it('mobile: area, then prefecture, with a back button', () => {
    renderWith(sp, <RegionMapPicker regions={regions} prefectureHref={(p) => `/search/cities/${p.path}`} />);
    fireEvent.click(screen.getByRole('button', { name: '北海道・東北' }));
    expect(screen.getByRole('link', { name: '宮城県' }).getAttribute('href')).toBe('/search/cities/miyagi');
    fireEvent.click(screen.getByRole('button', { name: 'エリア選択に戻る' }));
    expect(screen.getByRole('button', { name: '関東' })).not.toBeNull();
  });
});

describe('Meta', () => {
  it('builds title, robots, canonical and description', () => {
    const meta = { title: '渋谷区の賃貸 | すみか', canonical: 'https://sumika.example/search/tokyo/city/13113', description: '渋谷区の "賃貸" <物件>' };
    expect(metaTags(meta)).toEqual([
      { tag: 'title', text: '渋谷区の賃貸 | すみか' },
      { tag: 'meta', attrs: { name: 'robots', content: 'index, follow' } },
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://sumika.example/search/tokyo/city/13113' } },
      { tag: 'meta', attrs: { name: 'description', content: '渋谷区の "賃貸" <物件>' } },
    ]);
    expect(metaToHtml(meta)).toBe(
      '<title>渋谷区の賃貸 | すみか</title><meta name="robots" content="index, follow"><link rel="canonical" href="https://sumika.example/search/tokyo/city/13113"><meta name="description" content="渋谷区の &quot;賃貸&quot; &lt;物件&gt;">',
    );
    expect(errorPageMeta()).toEqual({ title: 'Error 404', robots: 'noindex, nofollow' });
    expect(errorPageMeta(503).title).toBe('Error 503');
    expect(errorPageMeta(502).title).toBe('Error 500');
    expect(viewportContent(false)).toBe('width=1100');
  });
  it('renders the tags (React hoists them into head)', () => {
    renderWith(pc, <Meta meta={{ title: 'T', robots: 'noindex' }} />);
    expect(document.title).toBe('T');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });
});

describe('errors', () => {
  it('ErrorBox retries', () => {
    const retry = jest.fn();
    renderWith(pc, <ErrorBox onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('コンテンツを読み込めませんでした。');
    fireEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(retry).toHaveBeenCalled();
  });
  it('ErrorPage: 404 by default with the region picker; 400, 500 and 503 messages', () => {
    const { unmount } = renderWith(pc, <ErrorPage regions={[]} />);
    expect(screen.getByRole('heading', { name: 'Error 404' })).not.toBeNull();
    expect(screen.getByText('ページを表示できません。(404エラー)')).not.toBeNull();
    expect(screen.getByRole('heading', { name: '賃貸物件を探す' })).not.toBeNull();
    unmount();
    renderWith(pc, <ErrorPage status={400} />).unmount();
    const internal = renderWith(pc, <ErrorPage status={502} />);
    expect(screen.getByText('サーバの内部エラーにより、表示できません。')).not.toBeNull();
    internal.unmount();
    renderWith(pc, <ErrorPage status={503} />);
    expect(screen.getByRole('heading', { name: 'Error 503' })).not.toBeNull();
    expect(screen.getByText('一時的に表示できません。しばらくしてから再度お試しください。')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: '賃貸物件を探す' })).toBeNull();
  });
});

describe('Layout', () => {
  it('PC: the large header, breadcrumbs, title and subtitle, PC footer', () => {
    const { container } = renderWith(
      pc,
      <Layout
        pageKind="list"
        totalCount={20000}
        breadcrumbs={[{ text: 'TOP', path: '/' }, { text: '東京都' }]}
        pageTitle="東京都の賃貸"
        pageSubTitle="20,000件"
      >
        <p>content</p>
      </Layout>,
    );
    expect(container.querySelector('.sk-root--pc .sk-header--pc')).not.toBeNull();
    expect(container.querySelector('.sk-following')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: '東京都の賃貸' })).not.toBeNull();
    expect(screen.getByRole('navigation', { name: 'パンくずリスト' })).not.toBeNull();
    expect(container.querySelector('.sk-footer--pc')).not.toBeNull();
    expect(screen.getByText('content')).not.toBeNull();
  });
  it('mobile: the medium header and mobile footer; header variants', async () => {
    const { container, unmount } = renderWith(sp, <Layout pageKind="top">x</Layout>);
    expect(container.querySelector('.sk-root--sp .sk-header--sp')).not.toBeNull();
    expect(container.querySelector('.sk-footer--sp')).not.toBeNull();
    unmount();
    renderWith(
      pc,
      <Layout pageKind="others" headerVariant="inquiry">
        x
      </Layout>,
    );
    // The form pages' headers are a lazy chunk (decision 023): there once it has loaded.
    expect(await screen.findByRole('heading', { name: 'お問い合わせフォーム' })).not.toBeNull();
  });
  it('every view has exactly one h1, the page title: visible on PC, for assistive technology on phones and in the app', () => {
    for (const [ctx, hidden] of [
      [pc, false],
      [sp, true],
      [app, true],
    ] as const) {
      const { container, unmount } = renderWith(
        ctx,
        <Layout pageKind="list" breadcrumbs={[{ text: 'TOP', path: '/' }, { text: '東京都' }]} pageTitle="東京都の賃貸">
          <h2>content</h2>
        </Layout>,
      );
      const h1s = container.querySelectorAll('h1');
      expect(h1s).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('東京都の賃貸');
      expect(h1s[0]!.closest('.sk-visually-hidden') !== null).toBe(hidden);
      unmount();
    }
  });
  it('renders no h1 of its own without a page title (the page brings its own)', () => {
    for (const ctx of [pc, sp, app]) {
      const { container, unmount } = renderWith(ctx, <Layout pageKind="top">x</Layout>);
      expect(container.querySelectorAll('h1')).toHaveLength(0);
      unmount();
    }
  });
  it('app: no header, footer or page-top link', () => {
    const { container } = renderWith(app, <Layout pageKind="top">x</Layout>);
    expect(container.querySelector('.sk-root--app')).not.toBeNull();
    // Remotes style phones by .sk-root--sp; the app is a phone view.
    expect(container.querySelector('.sk-root--app')?.classList.contains('sk-root--sp')).toBe(true);
    expect(container.querySelector('.sk-header, .sk-footer, .sk-page-top')).toBeNull();
  });
});
