import type { OutboxDraft } from '@sumika/mail-kit';
import { jstDisplay } from '../domain/jst.js';
import type { FormKind } from '../domain/receipt.js';
import type { SummaryRow } from '../forms/types.js';
import { escapeHtml, escapeMultiline } from './html.js';

export const SITE_NAME = 'sumika（スミカ）';
const RULE = '────────────────────────────';

export interface MailConfig {
  /** Where each form's notification goes (the operator's desks). */
  operators: Record<FormKind, string>;
  /** Shown in the confirmation mails for questions. */
  supportAddress: string;
}

export interface MailContext {
  kind: FormKind;
  title: string;
  nextSteps: string;
  receiptNumber: string;
  receivedAt: Date;
  senderName: string;
  senderEmail: string;
  rows: SummaryRow[];
  uid: string;
  ip: string | undefined;
}

function indent(value: string): string {
  return value
    .split(/\r?\n/)
    .map((l) => `  ${l}`)
    .join('\n');
}

function textRows(rows: SummaryRow[]): string {
  return rows.map((r) => `■${r.label}\n${indent(r.value)}`).join('\n\n');
}

/** The confirmation to the sender: plain text, and an HTML alternative in which every value is escaped. */
function confirmation(ctx: MailContext, config: MailConfig): OutboxDraft {
  const when = jstDisplay(ctx.receivedAt);
  const text = [
    `${ctx.senderName} 様`,
    '',
    `このたびは${SITE_NAME}をご利用いただき、誠にありがとうございます。`,
    `以下の内容で${ctx.title}を受け付けました。`,
    '',
    ctx.nextSteps,
    '',
    `受付番号：${ctx.receiptNumber}`,
    `受付日時：${when}`,
    '',
    RULE,
    textRows(ctx.rows),
    RULE,
    '',
    '※このメールは送信専用アドレスからお送りしています。ご返信いただいてもお答えできません。',
    `※ご不明な点は ${config.supportAddress} までお問い合わせください。`,
    '※お心当たりのない場合は、お手数ですが本メールを破棄してください。',
    '',
    SITE_NAME,
  ].join('\n');
  const html = [
    '<!DOCTYPE html>',
    '<html lang="ja"><head><meta charset="utf-8"><title>' + escapeHtml(ctx.title) + '</title></head>',
    '<body style="font-family: sans-serif; line-height: 1.6; color: #333;">',
    `<p>${escapeHtml(ctx.senderName)} 様</p>`,
    `<p>このたびは${escapeHtml(SITE_NAME)}をご利用いただき、誠にありがとうございます。<br>以下の内容で${escapeHtml(ctx.title)}を受け付けました。</p>`,
    `<p>${escapeMultiline(ctx.nextSteps)}</p>`,
    `<p>受付番号：<strong>${escapeHtml(ctx.receiptNumber)}</strong><br>受付日時：${escapeHtml(when)}</p>`,
    '<table style="border-collapse: collapse;">',
    ...ctx.rows.map(
      (r) =>
        `<tr><th style="text-align: left; vertical-align: top; padding: 4px 12px 4px 0; white-space: nowrap;">${escapeHtml(r.label)}</th>` +
        `<td style="padding: 4px 0;">${escapeMultiline(r.value)}</td></tr>`,
    ),
    '</table>',
    `<p style="font-size: 12px; color: #666;">※このメールは送信専用アドレスからお送りしています。ご返信いただいてもお答えできません。<br>※ご不明な点は ${escapeHtml(config.supportAddress)} までお問い合わせください。</p>`,
    `<p>${escapeHtml(SITE_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    kind: `${ctx.kind}.confirmation`,
    to: ctx.senderEmail,
    subject: `【${SITE_NAME}】${ctx.title}を受け付けました（受付番号：${ctx.receiptNumber}）`,
    text,
    html,
  };
}

/** The notification to the operator's desk: plain text only, Reply-To the sender. */
function notification(ctx: MailContext, config: MailConfig): OutboxDraft {
  const text = [
    `${ctx.title}を受け付けました。`,
    '',
    `受付番号：${ctx.receiptNumber}`,
    `受付日時：${jstDisplay(ctx.receivedAt)}`,
    `訪問者ID：${ctx.uid}`,
    `IPアドレス：${ctx.ip ?? '不明'}`,
    '',
    RULE,
    textRows(ctx.rows),
    RULE,
    '',
    '※このメールに返信すると、送信者に届きます。',
  ].join('\n');
  return {
    kind: `${ctx.kind}.notification`,
    to: config.operators[ctx.kind],
    replyTo: ctx.senderEmail,
    subject: `[${ctx.receiptNumber}] ${ctx.title}：${ctx.senderName} 様`,
    text,
  };
}

/** The mails one submission triggers: a confirmation to the sender and a notification to the operator. */
export function composeMails(ctx: MailContext, config: MailConfig): OutboxDraft[] {
  return [confirmation(ctx, config), notification(ctx, config)];
}
