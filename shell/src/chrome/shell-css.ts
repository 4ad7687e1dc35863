/** The shell's own styles (static and legal pages, loading state), inlined in <head> after the kit's. */
export const shellCss = `
html,body{margin:0;padding:0;background:var(--sk-bg,#f4f6f5)}
.sk-root--pc .sk-main.sk-container{width:1100px}
.shell-loading{padding:40px;text-align:center;color:#777}
.shell-static{background:#fff;border-radius:6px;padding:20px 24px}
.sk-root--sp .shell-static{padding:12px}
.shell-static__lead{font-size:15px;margin-bottom:12px}
.shell-static__toc{background:#f6f8f4;border:1px solid #dfe6da;border-radius:4px;padding:8px 16px;margin-bottom:16px}
.shell-static__toc p{margin:0;font-weight:bold}
.shell-static__section h2{font-size:18px;margin:24px 0 8px;padding:4px 10px;border-left:4px solid #2b9348;background:#f6f8f4}
.shell-static__date,.shell-static__note{color:#777;font-size:12px;margin-top:24px}
.shell-faq__item{padding:10px 0;border-bottom:1px dotted #ccc}
.shell-faq dt{font-weight:bold;color:#2b9348}
.shell-faq dd{margin:4px 0 0}
.shell-terms dt{font-weight:bold;margin-top:8px}
.shell-terms dd{margin:2px 0 0 1em}
.shell-steps{list-style:none;padding:0;margin:0}
.shell-steps__period{color:#e8590c;font-weight:bold;margin:0}
.shell-table{border-collapse:collapse;width:100%}
.shell-table th,.shell-table td{border:1px solid #ddd;padding:8px 12px;text-align:left}
.shell-table th{background:#f6f8f4;width:180px}
.shell-checklist{list-style:none;padding:0;columns:2}
.sk-root--sp .shell-checklist{columns:1}
.shell-checklist li{break-inside:avoid;padding:3px 0}
.shell-company-list{list-style:none;padding:0;display:grid;grid-template-columns:repeat(3,1fr);gap:6px 16px}
.sk-root--sp .shell-company-list{grid-template-columns:1fr}
.shell-company-list li{display:flex;flex-direction:column;padding:6px 0;border-bottom:1px dotted #ddd}
.shell-company-list span{font-size:12px;color:#777}
.shell-feature-list{list-style:none;padding:0}
.shell-feature-list li{padding:10px 0;border-bottom:1px dotted #ddd}
.shell-feature-list span{margin-left:8px;color:#e8590c;font-size:12px}
.shell-feature-list p{margin:4px 0 0;font-size:13px;color:#555}
.shell-sample-card{display:flex;gap:16px;padding:12px;border:1px solid #ddd;border-radius:6px;margin:8px 0}
.shell-sample-card p{margin:2px 0}
.shell-sample-card__image{display:grid;place-items:center;width:160px;height:120px;background:#e9ecef;color:#777;border-radius:4px;flex:none}
.shell-sample-card__name{font-weight:bold}
.shell-sample-card__rent{color:#e8590c;font-size:18px}
`;
