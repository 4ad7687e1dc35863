import { useMutation, useQuery } from '@apollo/client/react';
import { CASHBACK_CAMPAIGN as CAMPAIGN, CASHBACK_DEFAULT_AMOUNT } from '@sumika/spec';
import { ErrorBox, KitLink, PATHS, cashbackAmount, formatNumber, documentTitle, useClientContext } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { useState } from 'react';
import type { FormsCreateCashbackApplicationMutation } from '../__generated__/operations.js';
import {
  CASHBACK_CAMPAIGN,
  CASHBACK_CONDITIONS,
  CASHBACK_FAQ,
  CASHBACK_STEPS,
  CREATE_CASHBACK_APPLICATION,
  campaignWindowText,
} from '../features/cashback/index.js';
import { ErrorSummary, PREFECTURE_OPTIONS, SelectField, TextArea, TextField, intOrNull, orNull, recaptchaToken, useForm } from '../features/form/index.js';
import { FormsStyles } from '../ui/styles.js';

/** /cashback: the movers' congratulatory cashback (SPEC §9 amounts and campaign period) and its application. */
export default function CashbackPage({ config, route, setMeta }: RemotePageProps) {
  const old = route.id === 'cashback.20200731';
  const { data, error, refetch } = useQuery(CASHBACK_CAMPAIGN);
  const [create] = useMutation(CREATE_CASHBACK_APPLICATION);
  const [done, setDone] = useState<FormsCreateCashbackApplicationMutation['createCashbackApplication'] | null>(null);
  const form = useForm({
    name: '',
    kana: '',
    email: '',
    phone: '',
    globalKey: '',
    companyName: '',
    storeName: '',
    contractDate: '',
    moveInDate: '',
    rent: '',
    postalCode: '',
    prefectureId: '',
    address: '',
    freeText: '',
  });
  const campaign = data?.cashbackCampaign;
  // Until the forms subgraph answers, the amount SPEC §9 gives for the time of the visit.
  const loadingAmountText = `最大${formatNumber(cashbackAmount(new Date(useClientContext().serverDate)))}円`;
  setMeta({
    title: documentTitle(`入居お祝い金キャッシュバック${campaign ? ` ${campaign.amountText}` : ''}`),
    description: 'すみかで問い合わせた物件に入居が決まった方に、お祝い金をプレゼントします。',
    canonical: '/cashback',
    pageTitle: '入居お祝い金キャッシュバック',
    ...(old ? { robots: 'noindex, follow' } : {}),
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'キャッシュバック' }],
  });
  if (error && !data) return <ErrorBox message="キャンペーン情報を読み込めませんでした。" onRetry={() => void refetch()} />;
  const err = form.errors.fields;
  if (done) {
    return (
      <div className="f-card">
        <FormsStyles />
        <h2>お祝い金の申請を受け付けました</h2>
        <p>
          受付番号 <span className="f-number">{done.receiptNumber}</span>（申請額 {done.amountText}）
        </p>
        <p>審査のうえ、{done.email} にご連絡いたします。</p>
      </div>
    );
  }
  return (
    <div data-testid="cashback-page">
      <FormsStyles />
      <div className="f-card f-banner">
        {old && <p>このキャンペーンは終了しました。現在のキャンペーンは以下のとおりです。</p>}
        <p>
          入居お祝い金 <strong data-testid="cashback-amount">{campaign?.amountText ?? loadingAmountText}</strong>
        </p>
        {campaign?.limited && campaign.period && <p>期間限定キャンペーン：{campaign.period.text}</p>}
        <p>すみかで問い合わせた物件に入居が決まったら、このページから申請してください。</p>
      </div>
      <div className="f-card" data-testid="cashback-guide">
        <h2>お祝い金の金額</h2>
        <table className="f-receipt">
          <tbody>
            <tr>
              <th scope="row">通常</th>
              <td>最大{formatNumber(CASHBACK_DEFAULT_AMOUNT)}円</td>
            </tr>
            <tr>
              <th scope="row">キャンペーン期間中</th>
              <td>
                最大{formatNumber(CAMPAIGN.amount)}円（{campaignWindowText()}、日本時間）
              </td>
            </tr>
          </tbody>
        </table>
        <h2>申請までの流れ</h2>
        <ol className="f-steps">
          {CASHBACK_STEPS.map((step) => (
            <li key={step.title}>
              <strong>{step.title}</strong>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p>
          まだ問い合わせていない方は<KitLink to={PATHS.apply}>問い合わせる物件を選ぶ</KitLink>から始められます。
        </p>
        <h2>対象となる条件</h2>
        <ul className="f-conditions">
          {CASHBACK_CONDITIONS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <h2>よくある質問</h2>
        <div className="f-faq">
          {CASHBACK_FAQ.map((f) => (
            <details key={f.q}>
              <summary>{f.q}</summary>
              <p>{f.a}</p>
            </details>
          ))}
        </div>
      </div>
      <div className="f-card">
        <h2>お祝い金の申請</h2>
        <ErrorSummary form={form} />
        <form
          ref={form.formRef}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void form.submit(async () => {
              const v = form.values;
              const { data: res } = await create({
                variables: {
                  input: {
                    name: orNull(v.name),
                    kana: orNull(v.kana),
                    email: orNull(v.email),
                    phone: orNull(v.phone),
                    globalKey: orNull(v.globalKey),
                    companyName: orNull(v.companyName),
                    storeName: orNull(v.storeName),
                    contractDate: orNull(v.contractDate),
                    moveInDate: orNull(v.moveInDate),
                    rent: intOrNull(v.rent),
                    postalCode: orNull(v.postalCode),
                    prefectureId: intOrNull(v.prefectureId),
                    address: orNull(v.address),
                    freeText: orNull(v.freeText),
                    recaptchaToken: await recaptchaToken(config, 'cashback'),
                  },
                },
              });
              if (!res) throw new Error('no receipt');
              setDone(res.createCashbackApplication);
            });
          }}
        >
          <TextField label="お名前" required error={err.name} autoComplete="name" {...form.text('name')} />
          <TextField label="フリガナ" required error={err.kana} {...form.text('kana')} />
          <TextField label="メールアドレス" required error={err.email} type="email" autoComplete="email" {...form.text('email')} />
          <TextField label="電話番号" required error={err.phone} type="tel" autoComplete="tel" {...form.text('phone')} />
          <TextField
            label="物件番号"
            required
            error={err.globalKey}
            hint="物件詳細ページのURLの末尾（例：bk000012345）"
            autoComplete="off"
            {...form.text('globalKey')}
          />
          <TextField label="契約した不動産会社" required error={err.companyName} {...form.text('companyName')} />
          <TextField label="店舗名" error={err.storeName} {...form.text('storeName')} />
          <TextField label="契約日" required error={err.contractDate} type="date" {...form.text('contractDate')} />
          <TextField label="入居日" required error={err.moveInDate} type="date" {...form.text('moveInDate')} />
          <TextField label="月額賃料（円）" required error={err.rent} type="number" inputMode="numeric" min={0} {...form.text('rent')} />
          <TextField
            label="郵便番号"
            required
            error={err.postalCode}
            autoComplete="postal-code"
            inputMode="numeric"
            placeholder="123-4567"
            {...form.text('postalCode')}
          />
          <SelectField
            label="都道府県"
            required
            error={err.prefectureId}
            options={PREFECTURE_OPTIONS}
            autoComplete="address-level1"
            {...form.text('prefectureId')}
          />
          <TextField
            label="新住所"
            required
            error={err.address}
            hint="市区町村・番地・建物名・部屋番号"
            autoComplete="street-address"
            {...form.text('address')}
          />
          <TextArea label="備考" error={err.freeText} {...form.text('freeText')} />
          {err.recaptchaToken && (
            <p className="f-error" role="alert">
              {err.recaptchaToken}
            </p>
          )}
          <div className="f-submit">
            <button type="submit" className="sk-button sk-button--primary" disabled={form.submitting}>
              {form.submitting ? '送信中…' : '申請する'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
