// mf-user's stylesheet text, in a lazy chunk of its own (see styles.tsx).
export const userCss = `
.u-section{background:#fff;border-radius:6px;padding:16px 20px;margin-bottom:16px}
.sk-root--sp .u-section{padding:12px;margin-left:0;margin-right:0;border-radius:0}
.u-section h2{font-size:17px;margin:0 0 10px;padding-left:8px;border-left:4px solid #0a8f5a}
.u-toolbar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;margin-bottom:10px}
.u-toolbar select{height:34px;border:1px solid #c8d0cc;border-radius:4px;padding:0 8px;background:#fff}
.u-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:10px}
.u-row{display:flex;gap:12px;align-items:center;padding:12px;border:1px solid #e0e5e2;border-radius:8px;background:#fff}
.u-row input[type=checkbox]{width:20px;height:20px;flex:none}
.u-row img{width:120px;height:90px;object-fit:cover;border-radius:4px;background:#eef1ef;flex:none}
.sk-root--sp .u-row img{width:80px;height:64px}
.u-row__body{flex:1;min-width:0}
.u-row__name{margin:0 0 2px;font-weight:bold}
.u-row__rent{color:#f26b1d;font-weight:bold;font-size:17px;margin-right:6px}
.u-row__meta{margin:0;color:#5f6b66;font-size:12px}
.u-row__archived{color:#d93a3a;font-size:12px}
.u-empty{padding:32px;text-align:center;color:#5f6b66;background:#fff;border-radius:6px}
.u-actions{display:flex;flex-wrap:wrap;gap:8px}
.u-table{border-collapse:collapse;width:100%;font-size:13px}
.u-table th,.u-table td{border:1px solid #e0e5e2;padding:8px;text-align:left;vertical-align:top}
.u-table th{background:#f4f6f5;white-space:nowrap}
.u-best{color:#0a8f5a;font-weight:bold}
.u-scroll{overflow-x:auto}
.u-muted{color:#5f6b66;font-size:12px}
.u-form{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.u-form input[type=email]{height:36px;min-width:260px;border:1px solid #c8d0cc;border-radius:4px;padding:0 10px}
`;
