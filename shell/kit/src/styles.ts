/**
 * The kit's stylesheet as a string (no CSS pipeline is set up): the SSR server puts it in a
 * <style> in <head> (kitStyleTag), so the chrome is styled before any script runs. Every class
 * starts with `sk-`; colours are custom properties on .sk-root so a page can retheme them.
 */

export const KIT_CSS = /* css */ `
:root{--sk-brand:#0a8f5a;--sk-brand-dark:#077148;--sk-brand-light:#e8f6ef;--sk-accent:#f26b1d;--sk-accent-dark:#d3560d;--sk-line:#06c755;--sk-text:#1f2a24;--sk-muted:#5f6b66;--sk-border:#dde3e0;--sk-bg:#f4f6f5;--sk-surface:#fff;--sk-danger:#d93a3a;--sk-warning:#e38b00;--sk-radius:10px;--sk-shadow:0 6px 24px rgba(16,40,28,.14);--sk-font:-apple-system,BlinkMacSystemFont,"Hiragino Kaku Gothic ProN","Hiragino Sans","Noto Sans JP",Meiryo,"Yu Gothic UI",sans-serif}
.sk-root{background:var(--sk-bg);font-size:14px;-webkit-text-size-adjust:100%;min-height:100vh;display:flex;flex-direction:column}
.sk-root,.sk-modal,.sk-toasts,.sk-debug{font-family:var(--sk-font);color:var(--sk-text);line-height:1.6}
.sk-root *,.sk-root *::before,.sk-root *::after,.sk-modal *,.sk-modal *::before,.sk-modal *::after,.sk-toasts *{box-sizing:border-box}
.sk-root a,.sk-modal a{color:inherit}
.sk-root--pc{min-width:1100px}
.sk-root--sp,.sk-root--app{font-size:15px}
.sk-container{width:1100px;margin:0 auto;padding:0 20px}
.sk-main{flex:1 0 auto;width:100%}
.sk-main--pc{padding-top:16px;padding-bottom:48px;position:relative}
.sk-main.sk-container{width:1100px}
.sk-main--sp{padding:0 0 32px}
.sk-main--app{padding:0 0 24px}
.sk-visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}

/* buttons */
.sk-button{display:inline-flex;align-items:center;justify-content:center;gap:6px;min-height:44px;padding:0 20px;border-radius:999px;border:1px solid transparent;font:inherit;font-weight:700;font-size:14px;text-decoration:none;cursor:pointer;transition:background-color .15s,border-color .15s,color .15s;white-space:nowrap}
.sk-button--primary{background:var(--sk-accent);color:#fff!important}
.sk-button--primary:hover{background:var(--sk-accent-dark)}
.sk-button--secondary{background:#fff;color:var(--sk-brand)!important;border-color:var(--sk-brand)}
.sk-button--secondary:hover{background:var(--sk-brand-light)}
.sk-button--line{background:var(--sk-line);color:#fff!important}
.sk-button--text{background:none;color:var(--sk-muted)!important;text-decoration:underline;font-weight:400}
.sk-button--small{min-height:34px;padding:0 14px;font-size:13px}
.sk-button--block{display:flex;width:100%}
.sk-button:focus-visible,.sk-icon-button:focus-visible,.sk-stock__link:focus-visible{outline:3px solid rgba(10,143,90,.45);outline-offset:2px}

/* logo */
.sk-logo{display:inline-flex;align-items:center;gap:8px;text-decoration:none;color:var(--sk-text)}
.sk-logo__text{display:flex;flex-direction:column;line-height:1.1}
.sk-logo__name{font-size:22px;font-weight:800;letter-spacing:.06em;color:var(--sk-brand)}
.sk-logo__tagline{font-size:11px;color:var(--sk-muted);letter-spacing:.08em}
.sk-logo--compact .sk-logo__name{font-size:19px}

/* headers */
.sk-header{background:var(--sk-surface);border-bottom:1px solid var(--sk-border)}
.sk-header--pc{border-top:4px solid var(--sk-brand)}
.sk-header__inner{display:flex;align-items:center;gap:24px;min-height:76px}
.sk-header__brand{display:flex;flex-direction:column;gap:2px;flex:0 0 auto}
.sk-header__total{margin:0;font-size:12px;color:var(--sk-muted);display:flex;align-items:baseline;gap:4px}
.sk-header__count{font-size:16px;color:var(--sk-accent);font-weight:800;letter-spacing:.02em}
.sk-header__updated{margin-left:6px;font-size:11px}
.sk-header__nav{margin-left:auto}
.sk-header__inner--plain{justify-content:space-between}
.sk-header__title{margin:0;font-size:18px;font-weight:700;color:var(--sk-text)}
.sk-header--sp{position:sticky;top:0;z-index:50;border-top:3px solid var(--sk-brand)}
.sk-header__bar{display:flex;align-items:center;justify-content:space-between;height:54px;padding:0 8px 0 12px}
.sk-header__actions{display:flex;align-items:center;gap:2px}
.sk-header__searchbar{padding:8px 12px 12px;border-top:1px solid var(--sk-border);background:var(--sk-brand-light)}
.sk-header__searchbar[hidden]{display:none}
.sk-icon-button{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;min-width:52px;height:48px;padding:0 6px;border:0;background:none;color:var(--sk-text);font:inherit;font-size:10px;cursor:pointer;border-radius:8px}
.sk-icon-button__label{line-height:1.2;margin-top:2px}

/* free-word search */
.sk-search{position:relative;display:flex;align-items:center;flex:1 1 auto;max-width:460px;margin:0}
.sk-search__icon{position:absolute;left:14px;color:var(--sk-muted);pointer-events:none}
.sk-search__input{flex:1;min-width:0;height:42px;padding:0 12px 0 40px;border:2px solid var(--sk-brand);border-right:0;border-radius:999px 0 0 999px;font:inherit;font-size:14px;background:#fff;color:var(--sk-text);-webkit-appearance:none;appearance:none}
.sk-search__input:focus{outline:none;box-shadow:0 0 0 3px rgba(10,143,90,.2)}
.sk-search__submit{height:42px;padding:0 20px;border:0;border-radius:0 999px 999px 0;background:var(--sk-brand);color:#fff;font:inherit;font-weight:700;cursor:pointer}
.sk-search__submit:hover{background:var(--sk-brand-dark)}
.sk-search--compact{max-width:none}
.sk-search--compact .sk-search__input,.sk-search--compact .sk-search__submit{height:38px}
.sk-root--sp .sk-search__input{font-size:16px}

/* stock links with badges */
.sk-stock{display:flex;gap:4px;margin:0;padding:0;list-style:none}
.sk-stock__link{display:flex;flex-direction:column;align-items:center;gap:2px;min-width:72px;padding:6px 8px;border-radius:8px;color:var(--sk-text);text-decoration:none;font-size:11px}
.sk-stock__link:hover{background:var(--sk-brand-light);color:var(--sk-brand-dark)}
.sk-stock__icon{position:relative;display:inline-flex;color:var(--sk-brand)}
.sk-badge{position:absolute;top:-6px;right:-12px;min-width:18px;height:18px;padding:0 5px;border-radius:9px;background:var(--sk-accent);color:#fff;font-size:10px;font-weight:700;line-height:18px;text-align:center;box-shadow:0 0 0 2px #fff}
.sk-stock--compact .sk-stock__link{min-width:48px;padding:4px;font-size:10px}

/* following header */
.sk-following{position:fixed;top:0;left:0;right:0;z-index:60;background:rgba(255,255,255,.97);border-bottom:1px solid var(--sk-border);box-shadow:0 2px 12px rgba(0,0,0,.08);transform:translateY(-110%);transition:transform .25s ease;min-width:1100px}
.sk-following--visible{transform:none}
.sk-following__inner{display:flex;align-items:center;gap:20px;height:56px}
.sk-following__inner .sk-search{max-width:420px}
.sk-following__inner .sk-stock{margin-left:auto}

/* phone block */
.sk-phone{text-align:right}
.sk-phone__label{margin:0;font-size:12px;color:var(--sk-muted)}
.sk-phone__number{display:inline-flex;align-items:center;gap:6px;font-size:22px;font-weight:800;color:var(--sk-brand)!important;text-decoration:none;letter-spacing:.04em}
.sk-phone__hours,.sk-phone__note{margin:0;font-size:11px;color:var(--sk-muted)}
.sk-root--sp .sk-header__inner--plain{flex-direction:column;align-items:flex-start;gap:8px;padding:10px 12px;width:auto}
.sk-root--sp .sk-header__inner{width:auto}
.sk-root--sp .sk-phone{text-align:left}

/* page heading and breadcrumbs */
.sk-breadcrumbs{font-size:12px;color:var(--sk-muted);margin:0 0 12px}
.sk-breadcrumbs ol{display:flex;flex-wrap:wrap;align-items:center;margin:0;padding:0;list-style:none;gap:2px 0}
.sk-breadcrumbs__item{display:inline-flex;align-items:center}
.sk-breadcrumbs__item a{color:var(--sk-brand-dark);text-decoration:none}
.sk-breadcrumbs__item a:hover{text-decoration:underline}
.sk-breadcrumbs__sep{margin:0 6px;color:#a9b3ae}
.sk-root--sp .sk-breadcrumbs{padding:8px 12px;margin:0;background:#fff;border-bottom:1px solid var(--sk-border);overflow-x:auto}
.sk-root--sp .sk-breadcrumbs ol{flex-wrap:nowrap;white-space:nowrap}
.sk-page-heading{margin:4px 0 20px;padding-left:12px;border-left:5px solid var(--sk-brand)}
.sk-page-heading__title{margin:0;font-size:24px;line-height:1.35}
.sk-page-heading__sub{margin:4px 0 0;color:var(--sk-muted);font-size:13px}

/* footer */
.sk-footer{margin-top:auto;background:#23302a;color:#dfe8e3;font-size:13px}
.sk-footer a{color:#dfe8e3;text-decoration:none}
.sk-footer a:hover{text-decoration:underline;color:#fff}
.sk-footer__inner{display:flex;gap:40px;padding-top:32px;padding-bottom:24px}
.sk-footer__brand{flex:0 0 260px}
.sk-footer__brand .sk-logo__name{color:#fff}
.sk-footer__brand .sk-logo__tagline{color:#aebbb4}
.sk-footer__lead{margin:10px 0 0;font-size:12px;color:#aebbb4}
.sk-footer__links{display:grid;grid-template-columns:repeat(4,1fr);gap:10px 24px;margin:0;padding:0;list-style:none}
.sk-footer__links--sp{grid-template-columns:1fr 1fr;gap:0;border-top:1px solid rgba(255,255,255,.12)}
.sk-footer__links--sp li{border-bottom:1px solid rgba(255,255,255,.12)}
.sk-footer__links--sp li:nth-child(odd){border-right:1px solid rgba(255,255,255,.12)}
.sk-footer__links--sp a{display:block;padding:13px 14px}
.sk-footer__pmark{display:flex;align-items:center;justify-content:center;gap:8px;padding:16px 0 4px}
.sk-footer__copyright{margin:0;padding:14px 0 18px;text-align:center;color:#8fa097;font-size:11px;border-top:1px solid rgba(255,255,255,.08)}
.sk-footer--sp .sk-footer__copyright{border-top:0}

/* page top */
.sk-page-top{position:fixed;right:20px;bottom:24px;z-index:40;display:flex;flex-direction:column;align-items:center;justify-content:center;width:52px;height:52px;border-radius:50%;background:var(--sk-brand);color:#fff!important;text-decoration:none;font-size:10px;font-weight:700;box-shadow:var(--sk-shadow);opacity:0;transform:translateY(12px);pointer-events:none;transition:opacity .25s,transform .25s}
.sk-page-top--visible{opacity:.92;transform:none;pointer-events:auto}
.sk-page-top:hover{opacity:1}
.sk-root--sp .sk-page-top{right:12px;bottom:16px;width:46px;height:46px}

/* test banner */
.sk-test-banner{display:block;width:100%;padding:6px 12px;border:0;background:repeating-linear-gradient(45deg,#fff4d6,#fff4d6 12px,#ffe9ad 12px,#ffe9ad 24px);color:#6b4a00;font:inherit;font-size:12px;font-weight:700;text-align:center;cursor:pointer}
.sk-test-banner__env{display:inline-block;margin-right:8px;padding:0 6px;border-radius:4px;background:#6b4a00;color:#fff;text-transform:uppercase;font-size:10px}

/* app-install banner */
.sk-app-banner{position:relative;display:flex;align-items:center;gap:10px;padding:10px 12px 10px 30px;background:#fff;border-bottom:1px solid var(--sk-border)}
.sk-app-banner__close{position:absolute;left:6px;top:50%;transform:translateY(-50%);display:flex;padding:4px;border:0;background:none;color:var(--sk-muted);cursor:pointer}
.sk-app-banner__text{display:flex;flex-direction:column;flex:1;min-width:0;font-size:12px;line-height:1.4}
.sk-app-banner__text strong{font-size:13px}
.sk-app-banner__text span{color:var(--sk-muted)}

/* modal and dialogs */
.sk-modal{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(18,28,23,.55);animation:sk-fade .2s ease}
.sk-dialog{position:relative;width:100%;max-width:440px;padding:32px 28px 24px;border-radius:16px;background:#fff;box-shadow:0 18px 48px rgba(0,0,0,.25);text-align:center;animation:sk-pop .22s ease}
.sk-dialog--sp{max-width:360px;padding:28px 20px 20px}
.sk-dialog__close{position:absolute;top:10px;right:10px;display:flex;padding:6px;border:0;border-radius:50%;background:none;color:var(--sk-muted);cursor:pointer}
.sk-dialog__close:hover{background:var(--sk-bg)}
.sk-dialog__icon{display:flex;justify-content:center;margin-bottom:8px;color:var(--sk-brand)}
.sk-dialog--success .sk-dialog__icon{color:#e8467c}
.sk-dialog--warning .sk-dialog__icon{color:var(--sk-warning)}
.sk-dialog--error .sk-dialog__icon{color:var(--sk-danger)}
.sk-dialog__title{margin:0 0 8px;font-size:17px;font-weight:700}
.sk-dialog__text{margin:0 0 12px;color:var(--sk-muted);font-size:13px}
.sk-dialog__actions{display:flex;flex-direction:column;align-items:stretch;gap:10px;margin-top:18px}
.sk-checkbox{display:inline-flex;align-items:center;gap:8px;font-size:13px;cursor:pointer}
.sk-checkbox input{width:18px;height:18px;accent-color:var(--sk-brand)}
@keyframes sk-fade{from{opacity:0}to{opacity:1}}
@keyframes sk-pop{from{opacity:0;transform:translateY(8px) scale(.98)}to{opacity:1;transform:none}}

/* leave popup */
.sk-leave{max-width:380px}
.sk-leave__title{margin:0 0 14px;font-size:15px;font-weight:700;color:var(--sk-muted);letter-spacing:.1em}
.sk-leave__visual{display:flex;align-items:center;justify-content:center;gap:14px;padding:18px;margin-bottom:14px;border-radius:12px;background:linear-gradient(135deg,#0a8f5a,#2fb67c);color:#fff}
.sk-leave__visual--line{background:linear-gradient(135deg,#06c755,#3ddc84)}
.sk-leave__campaign{display:flex;flex-direction:column;align-items:flex-start;line-height:1.3;font-size:12px}
.sk-leave__campaign strong{font-size:24px;font-weight:800;color:#fff36b}
.sk-leave__visual--line .sk-leave__campaign strong{color:#fff}
.sk-leave__text{margin:0 0 14px;font-size:13px;text-align:left}
.sk-leave .sk-button--text{margin-top:6px}

/* previous-search balloon */
.sk-balloon{position:absolute;top:-8px;right:20px;z-index:30;width:320px;padding:14px 16px;border:2px solid var(--sk-brand);border-radius:12px;background:#fff;box-shadow:var(--sk-shadow);font-size:13px}
.sk-balloon::before{content:"";position:absolute;top:-10px;right:120px;border:8px solid transparent;border-top:0;border-bottom:10px solid var(--sk-brand)}
.sk-balloon__head{display:flex;align-items:center;gap:6px;color:var(--sk-brand-dark)}
.sk-balloon__close{margin-left:auto;display:flex;padding:4px;border:0;background:none;color:var(--sk-muted);cursor:pointer}
.sk-balloon__rows{margin:10px 0;display:grid;gap:4px}
.sk-balloon__rows div{display:grid;grid-template-columns:96px 1fr;gap:8px}
.sk-balloon__rows dt{color:var(--sk-muted)}
.sk-balloon__rows dd{margin:0;font-weight:700;overflow-wrap:anywhere}
.sk-balloon__actions{display:flex;justify-content:flex-end;gap:8px}

/* region map */
.sk-region-map{background:#fff;border:1px solid var(--sk-border);border-radius:var(--sk-radius);padding:20px}
.sk-region-map__heading{margin:0 0 14px;font-size:18px}
.sk-region-map__body{display:flex;gap:24px}
.sk-region-map__map{display:grid;grid-template-columns:repeat(12,40px);grid-template-rows:repeat(9,34px);gap:4px;flex:0 0 auto}
.sk-region-map__tile{display:flex;align-items:center;justify-content:center;padding:2px;border:0;border-radius:8px;background:var(--sk-brand-light);color:var(--sk-brand-dark);font:inherit;font-size:13px;font-weight:700;text-decoration:none;cursor:pointer;transition:background .15s,color .15s}
.sk-region-map__tile:hover,.sk-region-map__tile--selected{background:var(--sk-brand);color:#fff}
.sk-region-map__tile--direct{background:#dff0fa;color:#145c86}
.sk-region-map__tile--direct:hover{background:#1f7fb6;color:#fff}
.sk-region-map__tile--pref-1{grid-column:10/13;grid-row:1/3}
.sk-region-map__tile--hokkaido{grid-column:10/13;grid-row:3/5}
.sk-region-map__tile--kanto{grid-column:10/13;grid-row:5/7}
.sk-region-map__tile--hokuriku{grid-column:7/10;grid-row:3/5}
.sk-region-map__tile--tokai{grid-column:7/10;grid-row:5/7}
.sk-region-map__tile--kansai{grid-column:5/7;grid-row:5/7}
.sk-region-map__tile--chugoku{grid-column:2/5;grid-row:4/6}
.sk-region-map__tile--shikoku{grid-column:3/5;grid-row:6/8}
.sk-region-map__tile--kyusyu{grid-column:1/3;grid-row:6/9}
.sk-region-map__tile--pref-47{grid-column:1/3;grid-row:9/10}
.sk-region-map__panel{flex:1;min-width:0;padding:14px 16px;border-radius:var(--sk-radius);background:var(--sk-bg)}
.sk-region-map__panel-title{margin:0 0 10px;font-weight:700;font-size:15px}
.sk-region-map__hint{margin:0;color:var(--sk-muted)}
.sk-region-map__prefs{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;margin:0 0 14px;padding:0;list-style:none}
.sk-region-map__pref{display:block;padding:7px 10px;border-radius:6px;background:#fff;border:1px solid var(--sk-border);color:var(--sk-brand-dark);text-decoration:none;font-weight:700}
.sk-region-map__pref:hover{border-color:var(--sk-brand)}
.sk-region-map--sp{border-radius:0;border-left:0;border-right:0;padding:16px 0 0}
.sk-region-map--sp .sk-region-map__heading{padding:0 16px;font-size:16px}
.sk-region-map__areas,.sk-region-map--sp .sk-region-map__prefs{display:block;margin:0;padding:0;list-style:none;border-top:1px solid var(--sk-border)}
.sk-region-map__area,.sk-region-map--sp .sk-region-map__pref{display:flex;align-items:center;justify-content:space-between;width:100%;padding:14px 16px;border:0;border-bottom:1px solid var(--sk-border);border-radius:0;background:#fff;color:var(--sk-text);font:inherit;font-weight:700;text-align:left;cursor:pointer}
.sk-region-map__back{display:inline-flex;align-items:center;gap:4px;margin:0 16px 10px;padding:6px 10px;border:1px solid var(--sk-border);border-radius:999px;background:#fff;color:var(--sk-brand-dark);font:inherit;font-size:13px;cursor:pointer}

/* errors */
.sk-error-box{display:flex;gap:14px;align-items:flex-start;margin:16px 0;padding:18px 20px;border:1px solid #f1c7c7;border-radius:var(--sk-radius);background:#fff6f6}
.sk-root--sp .sk-error-box{margin:12px}
.sk-error-box__icon{flex:0 0 auto;color:var(--sk-danger)}
.sk-error-box__title{margin:0;font-weight:700}
.sk-error-box__message{margin:2px 0 10px;color:var(--sk-muted);font-size:13px}
.sk-error-page{padding:24px 0}
.sk-error-page__head{display:flex;flex-direction:column;align-items:center;gap:6px;padding:32px 16px;margin-bottom:24px;border-radius:var(--sk-radius);background:#fff;text-align:center;color:var(--sk-warning)}
.sk-error-page__title{margin:0;font-size:28px;color:var(--sk-text)}
.sk-error-page__message{margin:0;font-size:16px;font-weight:700;color:var(--sk-text)}
.sk-error-page__detail{margin:0 0 12px;color:var(--sk-muted)}
.sk-error-page__subtitle{font-size:18px;margin:0 0 12px}
.sk-root--sp .sk-error-page__subtitle{padding:0 16px}

/* toasts */
.sk-toasts{position:fixed;top:0;left:0;right:0;z-index:1100;display:flex;flex-direction:column;align-items:center;pointer-events:none;padding-top:12px}
.sk-toast{max-height:120px;margin-bottom:8px;transition:transform .3s ease,opacity .3s ease,max-height .3s ease,margin .3s ease;pointer-events:auto}
.sk-toast__body{display:flex;align-items:center;gap:10px;min-width:280px;max-width:min(92vw,520px);padding:12px 16px;border-radius:12px;background:#1f2a24;color:#fff;font-size:14px;font-weight:700;box-shadow:0 10px 30px rgba(0,0,0,.25)}
.sk-toast__icon{flex:0 0 auto;color:#5fe0a5}
.sk-toast__message{flex:1}
.sk-toast__close{display:flex;padding:0 4px;border:0;background:none;color:#cfd8d3;font-size:20px;line-height:1;cursor:pointer}
.sk-toast--entering{transform:translateY(-140%);opacity:0}
.sk-toast--visible{transform:none;opacity:1}
.sk-toast--leaving{transform:translateY(-140%);opacity:0}
.sk-toast--collapsing{transform:translateY(-140%);opacity:0;max-height:0;margin-bottom:0;overflow:hidden}

/* debug */
.sk-debug{position:fixed;left:8px;bottom:8px;z-index:1200;padding:8px 12px;border-radius:8px;background:rgba(0,0,0,.78);color:#b8ffd9;font:12px/1.5 ui-monospace,Menlo,Consolas,monospace}
.sk-debug ul{margin:4px 0 0;padding:0;list-style:none}

@media (prefers-reduced-motion:reduce){.sk-root *,.sk-toast,.sk-following,.sk-page-top,.sk-modal,.sk-dialog{transition:none!important;animation:none!important}}
@media (max-width:767px){.sk-root--sp .sk-container{width:auto;padding:0 12px}.sk-dialog{padding:26px 18px 18px}}
`;

/** The <style> element for the SSR server's <head>. */
export const kitStyleTag = (nonce?: string): string => `<style id="sumika-shell-kit"${nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : ''}>${KIT_CSS}</style>`;
