import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, formatManYen, KitLink, PATHS, documentTitle, useClientContext, useStockCounts } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { useEffect, useState } from 'react';
import type { FormsCreateApplyMutation } from '../__generated__/operations.js';
import { APPLY_ALSO_ASK, APPLY_PAGE_DATA, ApplyStart, CREATE_APPLY, MARK_INQUIRIES_SENT, START_INQUIRY, alsoAskCandidates } from '../features/apply/index.js';
import { ErrorSummary, CheckboxField, CheckboxGroup, SelectField, TextArea, TextField, orNull, recaptchaToken, useForm } from '../features/form/index.js';
import { FormsStyles } from '../ui/styles.js';

const KEY = /^[A-Za-z0-9_-]{1,64}$/;
const LIST_KINDS = ['building_page_bukken', 'contacted_bukken', 'favorite_bukken'] as const;
type ListKind = (typeof LIST_KINDS)[number];

/**
 * /apply/create?keys=…: an inquiry to the companies about one or more listings. /apply with no keys
 * explains the cashback and lists the visitor's inquired listings to choose from; malformed keys answer 400.
 */
export default function ApplyPage({ config, search, setMeta, setStatus }: RemotePageProps) {
  const q = new URLSearchParams(search);
  const keys = [
    ...new Set(
      (q.get('keys') ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  const listKind: ListKind = (LIST_KINDS as readonly string[]).includes(q.get('list_kind') ?? '') ? (q.get('list_kind') as ListKind) : 'building_page_bukken';
  const none = !q.has('keys');
  const valid = keys.length > 0 && keys.every((k) => KEY.test(k));
  setMeta({
    title: documentTitle('物件のお問い合わせ'),
    robots: 'noindex, nofollow',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '物件のお問い合わせ' }],
  });
  const { isApp, serverDate } = useClientContext();
  const { refresh } = useStockCounts();
  const { data, error, refetch } = useQuery(APPLY_PAGE_DATA, { variables: { globalKeys: keys }, skip: !valid });
  const alsoAsk = useQuery(APPLY_ALSO_ASK, { variables: { globalKeys: keys }, skip: !valid });
  const [start] = useMutation(START_INQUIRY);
  const [create] = useMutation(CREATE_APPLY);
  const [markSent] = useMutation(MARK_INQUIRIES_SENT);
  const [done, setDone] = useState<FormsCreateApplyMutation['createApply'] | null>(null);
  const form = useForm({
    name: '',
    kana: '',
    email: '',
    phone: '',
    contactMethod: '',
    moveInTiming: '',
    requests: [] as string[],
    freeText: '',
    // Never ticked for the visitor: asking more companies is their choice (issue 17).
    alsoAsk: false as boolean,
  });
  const keysKey = keys.join(',');
  useEffect(() => {
    if (valid) start({ variables: { globalKeys: keys, listKind } }).catch(() => undefined);
    // Once per set of listings.
  }, [keysKey]);

  if (none) return <ApplyStart now={new Date(serverDate)} />;
  if (!valid) {
    setStatus(400);
    return null;
  }
  if (error && !data) return <ErrorBox message="フォームを読み込めませんでした。" onRetry={() => void refetch()} />;
  const err = form.errors.fields;
  const bukkens = (data?.bukkens ?? []).filter((b): b is NonNullable<typeof b> => !!b);
  const others = data ? alsoAskCandidates(alsoAsk.data, keys, data.applyMaster.maxBukkens) : [];

  if (done) {
    return (
      <div className="f-card" data-testid="apply-complete">
        <FormsStyles />
        <h2>お問い合わせを送信しました</h2>
        <p>
          受付番号 <span className="f-number">{done.receiptNumber}</span>
        </p>
        <p>不動産会社から {done.email} またはお電話でご連絡があります。確認のメールをお送りしました。</p>
        <div className="f-banner">
          <p>
            お問い合わせした物件に入居が決まったら、お祝い金 <strong>{done.cashbackCampaign.amountText}</strong> を申請できます。
          </p>
          <KitLink className="sk-button sk-button--secondary" to="/cashback">
            キャッシュバックについて
          </KitLink>
        </div>
      </div>
    );
  }

  return (
    <div className="f-card" data-testid="apply-page">
      <FormsStyles />
      <h2>物件のお問い合わせ（無料）</h2>
      <ul className="f-bukkens">
        {bukkens.map((b) => (
          <li key={b.globalKey} className="f-bukken">
            <img className="f-thumb" src={b.imageGroup.gaikanUrl} alt={`${b.name}の外観`} width={96} height={72} />
            <div>
              <strong>{b.name}</strong> {formatManYen(b.chinryou)} ／ {b.plan} ／ {b.area}m²
              <div className="f-hint">
                {b.address}
                {b.company && ` ／ 取扱：${b.company.clientName}`}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <ErrorSummary form={form} />
      {err.globalKeys && (
        <p className="f-error" role="alert">
          {err.globalKeys}
        </p>
      )}
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit(async () => {
            const v = form.values;
            const sentKeys = v.alsoAsk ? [...keys, ...others.map((o) => o.globalKey)] : keys;
            const { data: res } = await create({
              variables: {
                input: {
                  globalKeys: sentKeys,
                  listKind,
                  name: orNull(v.name),
                  kana: orNull(v.kana),
                  email: orNull(v.email),
                  phone: orNull(v.phone),
                  contactMethod: orNull(v.contactMethod),
                  moveInTiming: orNull(v.moveInTiming),
                  requests: v.requests,
                  freeText: orNull(v.freeText),
                  recaptchaToken: await recaptchaToken(config, 'apply'),
                  isApp,
                },
              },
            });
            if (!res) throw new Error('no receipt');
            await markSent({ variables: { globalKeys: sentKeys, listKind } }).catch(() => undefined);
            void refresh();
            setDone(res.createApply);
          });
        }}
      >
        <TextField label="お名前" required error={err.name} autoComplete="name" {...form.text('name')} />
        <TextField label="フリガナ" required error={err.kana} hint="全角カタカナ" {...form.text('kana')} />
        <TextField label="メールアドレス" required error={err.email} type="email" autoComplete="email" {...form.text('email')} />
        <SelectField label="希望連絡方法" required error={err.contactMethod} options={data?.applyMaster.contactMethods} {...form.text('contactMethod')} />
        <TextField label="電話番号" error={err.phone} hint="電話での連絡を希望する場合は必須です。" type="tel" autoComplete="tel" {...form.text('phone')} />
        <SelectField label="入居希望時期" required error={err.moveInTiming} options={data?.applyMaster.moveInTimings} {...form.text('moveInTiming')} />
        <CheckboxGroup
          label="ご質問・ご要望"
          error={err.requests}
          options={data?.applyMaster.requests}
          value={form.values.requests}
          onChange={(v) => form.set('requests', v)}
        />
        <TextArea label="その他のご質問" error={err.freeText} hint="1,000文字以内" maxLength={1000} {...form.text('freeText')} />
        {others.length > 0 && (
          <CheckboxField
            label="ほかの不動産会社にも問い合わせる"
            text={`似た条件の${others.length}件を扱う不動産会社にも、同じ内容で問い合わせる`}
            hint={others.map((o) => `${o.name}（${formatManYen(o.chinryou)}・${o.plan}・${o.company?.clientName ?? ''}）`).join(' ／ ')}
            checked={form.values.alsoAsk}
            onChange={(checked) => form.set('alsoAsk', checked)}
          />
        )}
        {err.recaptchaToken && (
          <p className="f-error" role="alert">
            {err.recaptchaToken}
          </p>
        )}
        <div className="f-submit">
          <p className="f-privacy" data-testid="privacy-note">
            入力いただいた個人情報は、お問い合わせ先の不動産会社へ提供し、お問い合わせへの回答のために利用します。詳しくは
            <KitLink to={PATHS.privacy}>プライバシーポリシー</KitLink>
            をご確認ください。
          </p>
          <button type="submit" className="sk-button sk-button--primary" disabled={form.submitting}>
            {form.submitting ? '送信中…' : '問い合わせる'}
          </button>
        </div>
      </form>
    </div>
  );
}
