// mf-detail's stylesheet text, in a lazy chunk of its own (see styles.tsx).
export const detailCss = `
.d-head{display:flex;justify-content:space-between;gap:16px;align-items:flex-start;background:#fff;border-radius:6px;padding:16px 20px;margin-bottom:16px}
.sk-root--sp .d-head{flex-direction:column;padding:12px;margin-left:0;margin-right:0;border-radius:0}
.d-head h2{margin:0 0 6px;font-size:20px}
.d-badges{display:flex;gap:6px;flex-wrap:wrap;margin-bottom:6px}
.d-badge{font-size:11px;padding:1px 8px;border-radius:10px;background:#e9f5ec;color:#2b9348}
.d-badge--warn{background:#fff4e6;color:#d9480f}
.d-rent{margin:0;font-size:14px}
.d-rent strong{font-size:28px;color:#e8590c;margin-right:8px}
.d-actions{display:flex;flex-direction:column;gap:8px;min-width:200px}
.sk-root--sp .d-actions{flex-direction:row;width:100%}
.sk-root--sp .d-actions>*{flex:1}
.d-grid{display:grid;grid-template-columns:1fr 360px;gap:16px;align-items:start}
.sk-root--sp .d-grid{display:block}
.d-section{background:#fff;border-radius:6px;padding:16px 20px;margin-bottom:16px}
.sk-root--sp .d-section{padding:12px;margin-left:0;margin-right:0;border-radius:0}
.d-section h3{font-size:17px;margin:0 0 10px;padding-left:8px;border-left:4px solid #2b9348}
.d-gallery__main{width:100%;aspect-ratio:4/3;object-fit:contain;background:#f3f5f1;border-radius:6px;border:1px solid #e3e8df}
.d-gallery__thumbs{display:flex;gap:6px;margin-top:6px;list-style:none;padding:0}
.d-gallery__thumbs button{padding:0;border:2px solid transparent;border-radius:4px;background:none;cursor:pointer}
.d-gallery__thumbs button[aria-pressed="true"]{border-color:#e8590c}
.d-gallery__thumbs img{width:88px;height:66px;object-fit:cover;display:block}
.d-table{width:100%;border-collapse:collapse;font-size:13px}
.d-table th,.d-table td{border:1px solid #e3e8df;padding:7px 10px;text-align:left;vertical-align:top}
.d-table th{background:#f6f8f4;width:130px;font-weight:normal;color:#555}
.d-conds{display:grid;grid-template-columns:140px 1fr;gap:6px 12px;margin:0;font-size:13px}
.d-conds dt{color:#555}
.d-conds dd{margin:0}
.d-market{display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px}
.d-market strong{font-size:20px}
.d-cheaper{color:#2b8a3e;font-weight:bold}
.d-dearer{color:#c92a2a;font-weight:bold}
.d-cost{font-size:22px;color:#e8590c;font-weight:bold}
.d-company p{margin:2px 0;font-size:13px}
.d-company__name{font-weight:bold;font-size:15px}
.d-tel{font-size:18px;font-weight:bold;color:#2b9348}
.d-fav{display:inline-flex;align-items:center;justify-content:center;min-height:40px;padding:6px 12px;border:1px solid #e8590c;border-radius:4px;background:#fff;color:#e8590c;font-weight:bold;cursor:pointer;white-space:nowrap}
.d-fav[aria-pressed="true"]{background:#e8590c;color:#fff}
.d-recs{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(3,1fr);gap:10px}
.sk-root--sp .d-recs{grid-template-columns:repeat(2,1fr)}
.d-recs a{display:block;border:1px solid #e3e8df;border-radius:6px;padding:6px;text-decoration:none;color:#333;font-size:12px}
.d-recs img{width:100%;height:90px;object-fit:cover;background:#f3f5f1}
.d-recs strong{color:#e8590c}
.d-archived{padding:10px 14px;background:#fff4e6;border:1px solid #ffd8a8;border-radius:6px;margin-bottom:12px;color:#d9480f;font-weight:bold}
.d-list{list-style:none;margin:0;padding:0}
.d-list li{padding:8px 0;border-bottom:1px dotted #ddd}
.d-muted{color:#777;font-size:12px}
.d-stars{color:#f59f00}
`;
