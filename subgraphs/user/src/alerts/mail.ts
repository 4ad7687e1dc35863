import { envVar, parseEnv, type EnvShape } from '@sumika/server-kit';
import type { MailableAlert } from '../repositories/alert-scan.js';

export const ALERT_MAIL_KIND = 'user_alert';
export const ALERT_MAIL_SUBJECT = '【sumika】お気に入り物件の値下げ・新着物件のお知らせ';

export interface OutboxMail {
  kind: string;
  recipient: string;
  subject: string;
  body: string;
}

const yen = (n: number | null): string => `${(n ?? 0).toLocaleString('ja-JP')}円`;

/** The site's public origin for links in mails; the user subgraph's start check spreads it into its shape. */
export const SITE_ORIGIN_ENV = { PUBLIC_SITE_ORIGIN: envVar.httpUrlOr('http://localhost:3000') } satisfies EnvShape;

export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return parseEnv(SITE_ORIGIN_ENV, env).PUBLIC_SITE_ORIGIN.replace(/\/+$/, '');
}

/** One plain-text mail per visitor with everything this scan found for them. */
export function alertMails(alerts: readonly MailableAlert[], origin: string): OutboxMail[] {
  const byUid = new Map<string, MailableAlert[]>();
  for (const a of alerts) {
    const list = byUid.get(a.uid);
    if (list) list.push(a);
    else byUid.set(a.uid, [a]);
  }
  const mails: OutboxMail[] = [];
  for (const list of byUid.values()) {
    const first = list[0] as MailableAlert;
    const drops = list.filter((a) => a.kind === 'price_drop');
    const news = list.filter((a) => a.kind === 'new_listings');
    const lines = ['sumika をご利用いただきありがとうございます。', 'ご登録いただいた条件で、次のお知らせがあります。', ''];
    if (drops.length) {
      lines.push('■ お気に入り物件の賃料が下がりました');
      for (const a of drops) lines.push(`・${yen(a.fromRent)} → ${yen(a.toRent)}`, `  ${origin}/bukken/detail/${a.globalKey ?? ''}`);
      lines.push('');
    }
    if (news.length) {
      lines.push('■ 保存した検索条件に新着物件があります');
      for (const a of news)
        lines.push(`・${a.texts?.searchText || '保存した検索条件'}：新着${a.newCount ?? 0}件`, `  ${origin}${a.searchPath ?? '/stock_search'}`);
      lines.push('');
    }
    lines.push(
      'お気に入り一覧',
      `  ${origin}/favorite`,
      '',
      '配信停止はこちら',
      `  ${origin}/stop_all_mail_magazine?token=${encodeURIComponent(first.stopToken)}`,
    );
    mails.push({ kind: ALERT_MAIL_KIND, recipient: first.email, subject: ALERT_MAIL_SUBJECT, body: `${lines.join('\n')}\n` });
  }
  return mails;
}
