import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, useNavigate, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { ErrorSummary, CheckboxField, SelectField, TextArea, TextField, orNull, recaptchaToken, useForm } from '../features/form/index.js';
import { INBOUND_INQUIRY_MASTER, SEND_INBOUND_INQUIRIES } from '../features/inbound/index.js';
import { saveReceipt } from '../features/receipt/index.js';
import { FormsStyles } from '../ui/styles.js';

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** /inbound_inquiries: real-estate companies asking about listing on the site. */
export default function InboundInquiriesPage({ config, search, setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('物件掲載・広告掲載のお問い合わせ'),
    description: '不動産会社さま向け：すみかへの物件掲載・広告掲載のお問い合わせフォームです。',
    canonical: '/inbound_inquiries',
    pageTitle: '物件掲載・広告掲載のお問い合わせ',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '掲載のお問い合わせ' }],
  });
  const navigate = useNavigate();
  const master = useQuery(INBOUND_INQUIRY_MASTER);
  const [send] = useMutation(SEND_INBOUND_INQUIRIES);
  const form = useForm({
    type: '',
    clientName: '',
    storeName: '',
    tantoName: '',
    position: '',
    tel: '',
    hasLicense: false as boolean,
    email: '',
    siteUrl: '',
    referenceMedium: '',
    category: '',
    content: '',
  });
  const err = form.errors.fields;
  if (master.error && !master.data) return <ErrorBox message="フォームを読み込めませんでした。" onRetry={() => void master.refetch()} />;
  const m = master.data?.inboundInquiryMaster;
  const q = new URLSearchParams(search);
  return (
    <div className="f-card" data-testid="inbound-inquiries-page">
      <FormsStyles />
      <h2>物件掲載・広告掲載のお問い合わせ</h2>
      <p className="f-lead">掲載プランや料金、データ連携についてお気軽にお問い合わせください。担当者よりご連絡いたします。</p>
      <ErrorSummary form={form} />
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit(async () => {
            const v = form.values;
            const { data } = await send({
              variables: {
                type: orNull(v.type),
                clientName: orNull(v.clientName),
                storeName: orNull(v.storeName),
                tantoName: orNull(v.tantoName),
                position: orNull(v.position),
                tel: orNull(v.tel),
                hasLicense: v.hasLicense,
                email: orNull(v.email),
                siteUrl: orNull(v.siteUrl),
                referenceMedium: orNull(v.referenceMedium),
                category: orNull(v.category),
                content: orNull(v.content),
                recaptchaToken: await recaptchaToken(config, 'inbound_inquiries'),
                utmSource: q.get(UTM[0]),
                utmMedium: q.get(UTM[1]),
                utmCampaign: q.get(UTM[2]),
                utmTerm: q.get(UTM[3]),
                utmContent: q.get(UTM[4]),
              },
            });
            if (!data) throw new Error('no receipt');
            const r = data.sendInboundInquiries;
            saveReceipt({ form: 'inbound_inquiries', receiptNumber: r.receiptNumber, receivedAt: r.receivedAt, email: r.email, summary: r.summary });
            navigate('/inbound_inquiries/completed');
          });
        }}
      >
        <SelectField label="業種" required error={err.type} options={m?.types} {...form.text('type')} />
        <TextField label="会社名" required error={err.clientName} autoComplete="organization" {...form.text('clientName')} />
        <TextField label="店舗名" error={err.storeName} autoComplete="off" {...form.text('storeName')} />
        <TextField label="ご担当者名" required error={err.tantoName} autoComplete="name" {...form.text('tantoName')} />
        <TextField label="役職" error={err.position} autoComplete="organization-title" {...form.text('position')} />
        <TextField label="電話番号" required error={err.tel} hint="例：03-1234-5678" type="tel" autoComplete="tel" {...form.text('tel')} />
        <CheckboxField
          label="宅地建物取引業免許"
          required
          error={err.hasLicense}
          text="免許を保有している"
          checked={form.values.hasLicense}
          onChange={(v) => form.set('hasLicense', v)}
        />
        <TextField label="メールアドレス" required error={err.email} type="email" autoComplete="email" {...form.text('email')} />
        <TextField label="ホームページURL" error={err.siteUrl} type="url" autoComplete="url" placeholder="https://" {...form.text('siteUrl')} />
        <SelectField label="当サイトを知ったきっかけ" error={err.referenceMedium} options={m?.referenceMedia} {...form.text('referenceMedium')} />
        <SelectField label="お問い合わせ項目" required error={err.category} options={m?.categories} {...form.text('category')} />
        <TextArea label="お問い合わせ内容" required error={err.content} hint="2,000文字以内" maxLength={2000} {...form.text('content')} />
        {err.recaptchaToken && (
          <p className="f-error" role="alert">
            {err.recaptchaToken}
          </p>
        )}
        <div className="f-submit">
          <button type="submit" className="sk-button sk-button--primary" disabled={form.submitting}>
            {form.submitting ? '送信中…' : '送信する'}
          </button>
        </div>
      </form>
    </div>
  );
}
