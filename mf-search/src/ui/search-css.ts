// mf-search's stylesheet text, in a lazy chunk of its own (see styles.tsx).
export const searchCss = `
.s-section{background:#fff;border-radius:6px;padding:16px 20px;margin-bottom:16px}
.sk-root--sp .s-section{padding:12px;border-radius:0;margin-left:0;margin-right:0}
.s-section--bare{padding:0;background:none}
.s-section h2{font-size:18px;margin:0 0 12px;padding-left:8px;border-left:4px solid #2b9348}
.s-hero{display:flex;align-items:center;justify-content:space-between;gap:16px;padding:20px 24px;margin-bottom:16px;border-radius:8px;background:linear-gradient(120deg,#2b9348,#55a630);color:#fff}
.s-hero h1{margin:0;font-size:24px}
.sk-root--sp .s-hero{flex-direction:column;align-items:flex-start;padding:14px;margin-left:0;margin-right:0;border-radius:0}
.sk-root--sp .s-hero h1{font-size:19px}
.s-hero p{margin:4px 0 0}
.s-hero__count strong{font-size:28px;margin:0 4px}
.s-regions{display:grid;grid-template-columns:repeat(4,1fr);gap:10px}
.s-region{border:1px solid #dfe6da;border-radius:6px;padding:10px 12px;background:#fbfcfa}
.s-region h3{margin:0 0 6px;font-size:15px;color:#2b9348}
.s-region ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:2px 12px}
.s-region a{text-decoration:none}
.s-region a:hover{text-decoration:underline}
.s-region small{color:#888;margin-left:2px}
.s-areas{display:grid;grid-template-columns:repeat(2,1fr);gap:6px}
.s-areas button,.s-areas a{display:block;width:100%;padding:12px;border:1px solid #ccc;border-radius:4px;background:#fff;text-align:left;font-size:15px;color:#333;text-decoration:none}
.s-specials{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;list-style:none;margin:0;padding:0}
.sk-root--sp .s-specials{grid-template-columns:repeat(2,1fr)}
.s-special a{display:flex;flex-direction:column;height:100%;border:1px solid #e3e8df;border-radius:6px;overflow:hidden;text-decoration:none;color:#333;background:#fff}
.s-special img{width:100%;height:90px;object-fit:cover;background:#e9f5ec}
.s-special span{padding:6px 8px;font-weight:bold;font-size:13px}
.s-special small{padding:0 8px 8px;color:#e8590c}
.s-layout{display:flex;gap:16px;align-items:flex-start}
.s-layout__side{width:240px;flex:none}
.s-layout__main{flex:1;min-width:0}
.sk-root--sp .s-layout{display:block}
.sk-root--sp .s-layout__side{width:auto}
.s-toolbar{display:flex;align-items:center;justify-content:space-between;gap:12px;margin-bottom:10px;flex-wrap:wrap}
.s-count{margin:0;font-size:14px}
.s-count strong{font-size:22px;color:#e8590c;margin:0 2px}
.s-toolbar select{height:34px;border:1px solid #b9c2b5;border-radius:4px;padding:0 8px;background:#fff}
.s-cards{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:12px}
.s-cards--stale{opacity:.5;transition:opacity .2s .15s}
.s-card{display:flex;gap:14px;padding:14px;border:1px solid #e0e5dc;border-radius:8px;background:#fff}
.sk-root--sp .s-card{gap:10px;padding:10px}
.s-card__images{display:flex;gap:6px;flex:none}
.s-card__images img{width:150px;height:112px;object-fit:cover;border-radius:4px;background:#eef1ec;border:1px solid #eee}
.sk-root--sp .s-card__images img{width:96px;height:80px}
.sk-root--sp .s-card__images img+img{display:none}
.s-card__body{flex:1;min-width:0}
.s-card__type{display:inline-block;font-size:11px;padding:0 6px;border-radius:3px;background:#e9f5ec;color:#2b9348;margin-right:6px}
.s-card__name{margin:0 0 4px;font-size:16px}
.sk-root--sp .s-card__name{font-size:14px}
.s-card__name a{color:#0a6ebd;text-decoration:none}
.s-card__name a:hover{text-decoration:underline}
.s-card__rent{margin:0;font-size:13px}
.s-card__rent strong{font-size:20px;color:#e8590c;margin-right:6px}
.sk-root--sp .s-card__rent strong{font-size:17px}
.s-card__spec{margin:2px 0;color:#444;font-size:13px}
.s-card__traffic{margin:2px 0;color:#555;font-size:12px}
.s-card__actions{display:flex;flex-direction:column;gap:6px;align-items:stretch;flex:none;width:150px}
.sk-root--sp .s-card{flex-wrap:wrap;border-radius:0;border-left:0;border-right:0}
.sk-root--sp .s-card__body{flex:1 1 200px}
.sk-root--sp .s-card__actions{width:100%;flex-direction:row}
.sk-root--sp .s-card__actions>*{flex:1}
.sk-root--sp .s-toolbar{padding:0 10px}
.sk-root--sp .s-cards{gap:6px}
.s-fav{display:inline-flex;align-items:center;justify-content:center;gap:4px;min-height:34px;padding:4px 8px;white-space:nowrap;border:1px solid #e8590c;border-radius:4px;background:#fff;color:#e8590c;font-weight:bold;cursor:pointer;font-size:13px}
.s-fav[aria-pressed="true"]{background:#e8590c;color:#fff}
.s-pager{display:flex;justify-content:center;gap:4px;margin:16px 0;flex-wrap:wrap}
.s-pager a,.s-pager span{min-width:34px;padding:6px 10px;border:1px solid #ccc;border-radius:4px;text-align:center;background:#fff;text-decoration:none}
.s-pager [aria-current="page"]{background:#2b9348;border-color:#2b9348;color:#fff;font-weight:bold}
.s-filter{font-size:13px}
.s-filter fieldset{border:0;border-top:1px solid #e3e8df;margin:0;padding:10px 0}
.s-filter legend{font-weight:bold;padding:0;margin-bottom:4px}
.s-filter select{width:45%;height:30px}
.s-filter label{display:block;margin:2px 0}
.s-filter .sk-button{width:100%;margin-top:8px}
.s-filter-toggle{margin-bottom:12px;background:#fff;border:1px solid #dde3e0;border-radius:8px}
.s-filter-toggle summary{padding:12px;font-weight:bold;cursor:pointer;color:#0a8f5a}
.s-filter-toggle .s-section{margin:0}
.s-empty{padding:32px;text-align:center;background:#fff;border-radius:6px;color:#666}
.s-links{display:flex;flex-wrap:wrap;gap:6px 16px;list-style:none;margin:0;padding:0}
.s-links small{color:#888;margin-left:2px}
.s-checks{display:grid;grid-template-columns:repeat(4,1fr);gap:4px 12px;list-style:none;margin:0 0 12px;padding:0}
.sk-root--sp .s-checks{grid-template-columns:repeat(2,1fr)}
.s-checks small{color:#888}
.s-line{margin-bottom:12px}
.s-line h3{font-size:15px;margin:8px 0 4px;padding-left:8px;border-left:4px solid var(--line-color,#2b9348)}
.s-faq dt{font-weight:bold;margin-top:8px}
.s-faq dd{margin:2px 0 0}
.s-muted{color:#777;font-size:12px}
.s-table{border-collapse:collapse;width:100%}
.s-table th,.s-table td{border:1px solid #e3e8df;padding:6px 10px;text-align:left}
.s-table th{background:#f6f8f4}
`;
