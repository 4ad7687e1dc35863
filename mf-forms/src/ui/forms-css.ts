// mf-forms's stylesheet text, in a lazy chunk of its own (see styles.tsx).
export const formsCss = `
.f-card{background:#fff;border-radius:8px;padding:20px 24px;margin-bottom:16px;max-width:820px;margin-left:auto;margin-right:auto}
.sk-root--sp .f-card{padding:14px 12px;border-radius:0}
.f-card h2{font-size:18px;margin:0 0 12px;padding-left:8px;border-left:4px solid #0a8f5a}
.f-lead{margin:0 0 16px;color:#333}
.f-field{display:grid;grid-template-columns:200px 1fr;gap:8px 16px;padding:12px 0;border-top:1px solid #eef1ef}
.sk-root--sp .f-field{grid-template-columns:1fr}
.f-label{font-weight:bold;padding-top:6px}
.f-required{display:inline-block;margin-left:6px;padding:0 6px;border-radius:3px;background:#d93a3a;color:#fff;font-size:11px;font-weight:bold;vertical-align:1px}
.f-optional{display:inline-block;margin-left:6px;padding:0 6px;border-radius:3px;background:#8a948f;color:#fff;font-size:11px;vertical-align:1px}
.f-control input[type=text],.f-control input[type=email],.f-control input[type=tel],.f-control input[type=url],.f-control input[type=date],.f-control input[type=number],.f-control select,.f-control textarea{width:100%;min-height:40px;padding:8px 10px;border:1px solid #c8d0cc;border-radius:6px;font-size:15px;background:#fff;font-family:inherit}
.f-control textarea{min-height:160px;resize:vertical}
.f-control [aria-invalid="true"]{border-color:#d93a3a;background:#fff5f5}
.f-error{margin:4px 0 0;color:#d93a3a;font-size:13px;font-weight:bold}
.f-hint{margin:4px 0 0;color:#5f6b66;font-size:12px}
.f-choices{display:flex;flex-direction:column;gap:6px}
.f-choices label{display:flex;gap:6px;align-items:flex-start}
.f-summary{padding:12px 16px;border:1px solid #f1aeb5;border-radius:6px;background:#fff5f5;color:#d93a3a;font-weight:bold;margin-bottom:12px}
.f-submit{display:flex;justify-content:center;margin-top:20px}
.f-submit .sk-button{min-width:260px;min-height:48px;font-size:16px}
.f-receipt{border-collapse:collapse;width:100%;margin-top:12px}
.f-receipt th,.f-receipt td{border:1px solid #e0e5e2;padding:8px 10px;text-align:left;vertical-align:top;white-space:pre-wrap}
.f-receipt th{background:#f4f6f5;width:200px}
.f-number{font-size:20px;font-weight:bold;color:#0a8f5a}
.f-bukkens{list-style:none;margin:0 0 12px;padding:0;display:flex;flex-direction:column;gap:6px}
.f-bukkens li{padding:8px 10px;border:1px solid #e0e5e2;border-radius:6px}
.f-banner{padding:16px;border-radius:8px;background:linear-gradient(120deg,#0a8f5a,#3fb37f);color:#fff;margin-bottom:16px}
.f-banner strong{font-size:24px}
`;
