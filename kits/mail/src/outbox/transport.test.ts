import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileTransport, SmtpTransport, transportFromEnv, type OutboundMail } from './transport.js';

const mail: OutboundMail = {
  outboxId: 42,
  messageId: '<outbox.forms.42@sumika.example>',
  from: 'sumika <no-reply@sumika.example>',
  to: 'taro@example.jp',
  replyTo: 'support@sumika.example',
  subject: '【sumika】お問い合わせを受け付けました',
  text: 'お問い合わせ内容:\n<script>alert(1)</script>',
  html: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  date: new Date('2024-10-03T06:00:00Z'),
};

/** Decodes RFC 2047 encoded words and base64 / quoted-printable parts enough to read a test mail. */
function decodeWords(header: string): string {
  return header.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
  );
}
function decodeQp(s: string): string {
  return Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}
function partBodies(eml: string): string[] {
  const out: string[] = [];
  for (const m of eml.matchAll(/Content-Transfer-Encoding: (base64|quoted-printable|7bit)\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)(?:\r\n--|$)/g)) {
    const [, enc, body = ''] = m;
    out.push(enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : enc === 'quoted-printable' ? decodeQp(body) : body);
  }
  return out;
}

describe('FileTransport', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes <outboxId>.eml with the headers and both parts', async () => {
    const transport = new FileTransport(dir);
    await transport.send(mail);
    expect(await readdir(dir)).toEqual(['42.eml']);
    const eml = await readFile(path.join(dir, '42.eml'), 'utf8');
    const head = eml.slice(0, eml.indexOf('\r\n\r\n'));
    expect(head).toMatch(/^Message-ID: <outbox\.forms\.42@sumika\.example>$/m);
    expect(head).toMatch(/^To: taro@example\.jp$/m);
    expect(head).toMatch(/^Reply-To: support@sumika\.example$/m);
    expect(head).toMatch(/^X-Outbox-ID: 42$/m);
    expect(head).toMatch(/^Date: Thu, 03 Oct 2024 06:00:00 \+0000$/m);
    expect(decodeWords(/^Subject: (.*(?:\r\n .*)*)$/m.exec(head)?.[1]?.replace(/\r\n /g, '') ?? '')).toBe(mail.subject);
    const parts = partBodies(eml).map((p) => p.replace(/\r\n/g, '\n'));
    expect(parts).toContain(mail.text);
    expect(parts).toContain(mail.html);
    await transport.close();
  });

  it('overwrites on redelivery: one file, identical bytes', async () => {
    const transport = new FileTransport(dir);
    await transport.send(mail);
    const first = await readFile(path.join(dir, '42.eml'));
    await transport.send(mail);
    expect(await readdir(dir)).toEqual(['42.eml']);
    expect((await readFile(path.join(dir, '42.eml'))).equals(first)).toBe(true);
  });
});

/** The smallest SMTP server nodemailer will talk to: records each DATA payload. */
function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(data);
            data = '';
            reply('250 2.0.0 queued');
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-fake.smtp\r\n250 8BITMIME');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port, messages })));
}

describe('SmtpTransport', () => {
  it('sends through SMTP with the outbox Message-ID', async () => {
    const smtp = await fakeSmtp();
    const transport = new SmtpTransport(`smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`);
    try {
      await transport.send(mail);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(/^Message-ID: <outbox\.forms\.42@sumika\.example>$/m);
      expect(smtp.messages[0]).toMatch(/^To: taro@example\.jp$/m);
    } finally {
      await transport.close();
      await new Promise((r) => smtp.server.close(r));
    }
  });

  it('fails (so the worker retries) when the server is unreachable', async () => {
    const transport = new SmtpTransport('smtp://127.0.0.1:1/', { connectionTimeout: 500, greetingTimeout: 500, socketTimeout: 500 });
    await expect(transport.send(mail)).rejects.toThrow();
    await transport.close();
  });
});

describe('transportFromEnv', () => {
  it('uses SMTP with SMTP_URL, else .eml files under DATA_DIR/outbox/<subgraph>', async () => {
    const smtp = transportFromEnv('forms', { SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(smtp.kind).toBe('smtp');
    await smtp.close();
    const file = transportFromEnv('forms', { DATA_DIR: '/tmp/sumika-data' });
    expect(file).toBeInstanceOf(FileTransport);
    expect((file as FileTransport).dir).toBe(path.join('/tmp/sumika-data', 'outbox', 'forms'));
    expect(() => transportFromEnv('forms', { SMTP_URL: 'mail' })).toThrow(/SMTP_URL="mail": must be a URL/);
  });
});
