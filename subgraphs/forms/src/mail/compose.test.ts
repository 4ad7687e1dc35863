import { DEFAULT_MAIL_CONFIG } from '../config.js';
import { composeMails, type MailContext } from './compose.js';
import { escapeHtml } from './html.js';

const ctx: MailContext = {
  kind: 'inquiry',
  title: 'お問い合わせ',
  nextSteps: '3営業日以内にご返信いたします。',
  receiptNumber: 'IQ-20250602-7K2M9Q',
  receivedAt: new Date('2025-06-02T10:00:00+09:00'),
  senderName: '<b>山田</b>',
  senderEmail: 'taro@example.jp',
  rows: [
    { label: 'お名前', value: '<b>山田</b>' },
    { label: 'お問い合わせ内容', value: '<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n"quoted" & \'single\'' },
  ],
  uid: 'visitor-1',
  ip: '203.0.113.7',
};

describe('composeMails', () => {
  const [confirmation, notification] = composeMails(ctx, DEFAULT_MAIL_CONFIG);

  it('sends a confirmation to the sender and a notification to the operator that replies to the sender', () => {
    expect(confirmation).toMatchObject({
      kind: 'inquiry.confirmation',
      to: 'taro@example.jp',
      subject: '【sumika（スミカ）】お問い合わせを受け付けました（受付番号：IQ-20250602-7K2M9Q）',
    });
    expect(notification).toMatchObject({ kind: 'inquiry.notification', to: 'support@sumika.example', replyTo: 'taro@example.jp' });
    expect(notification?.html).toBeUndefined();
    expect(notification?.text).toContain('訪問者ID：visitor-1');
    expect(notification?.text).toContain('IPアドレス：203.0.113.7');
    expect(confirmation?.text).toContain('受付日時：2025年6月2日（月）10:00');
  });

  it('keeps the typed text verbatim in the plain-text bodies', () => {
    expect(confirmation?.text).toContain('  <script>alert(1)</script>\n  <img src=x onerror=alert(1)>');
    expect(notification?.text).toContain('<script>alert(1)</script>');
  });

  it('escapes every typed value in the HTML alternative', () => {
    const html = confirmation?.html ?? '';
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>\n&lt;img src=x onerror=alert(1)&gt;<br>\n&quot;quoted&quot; &amp; &#39;single&#39;');
    expect(html).toContain('<p>&lt;b&gt;山田&lt;/b&gt; 様</p>');
  });
});

describe('escapeHtml', () => {
  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
