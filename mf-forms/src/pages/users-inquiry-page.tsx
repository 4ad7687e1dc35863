import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, KitLink, useClientContext, useNavigate, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import { ErrorSummary, SelectField, TextArea, TextField, orNull, recaptchaToken, useForm } from '../features/form/index.js';
import { saveReceipt } from '../features/receipt/index.js';
import { SEND_INQUIRY, USERS_INQUIRY_MASTER } from '../features/users-inquiry/index.js';
import { FormsStyles } from '../ui/styles.js';

/** /users_inquiry: a visitor's question to the operator, validated by the forms subgraph. */
export default function UsersInquiryPage({ config, setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('お問い合わせ'),
    description: 'すみかへのご質問・ご意見はこちらのフォームからお送りください。',
    canonical: '/users_inquiry',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: 'お問い合わせ' }],
  });
  const { isApp } = useClientContext();
  const navigate = useNavigate();
  const master = useQuery(USERS_INQUIRY_MASTER);
  const [send] = useMutation(SEND_INQUIRY);
  const form = useForm({ name: '', email: '', inquiryType: '', inquiryContent: '' });
  const err = form.errors.fields;
  if (master.error && !master.data) return <ErrorBox message="フォームを読み込めませんでした。" onRetry={() => void master.refetch()} />;
  return (
    <div className="f-card" data-testid="users-inquiry-page">
      <FormsStyles />
      <h2>お問い合わせフォーム</h2>
      <p className="f-lead">
        サービスに関するご質問・ご意見をお寄せください。物件の空室状況や内見のご相談は、各物件ページの「お問い合わせ」から不動産会社へお問い合わせください。
      </p>
      <ErrorSummary form={form} />
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit(async () => {
            const token = await recaptchaToken(config, 'users_inquiry');
            const { data } = await send({
              variables: {
                name: orNull(form.values.name),
                email: orNull(form.values.email),
                inquiryType: orNull(form.values.inquiryType),
                inquiryContent: orNull(form.values.inquiryContent),
                recaptchaToken: token,
                isApp,
              },
            });
            if (!data) throw new Error('no receipt');
            const r = data.sendInquiry;
            saveReceipt({ form: 'users_inquiry', receiptNumber: r.receiptNumber, receivedAt: r.receivedAt, email: r.email, summary: r.summary });
            navigate('/users_inquiry/completed');
          });
        }}
      >
        <TextField label="お名前" required error={err.name} autoComplete="name" {...form.text('name')} />
        <TextField
          label="メールアドレス"
          required
          error={err.email}
          hint="受付確認のメールをお送りします。"
          type="email"
          autoComplete="email"
          {...form.text('email')}
        />
        <SelectField
          label="お問い合わせの種類"
          required
          error={err.inquiryType}
          options={master.data?.usersInquiryMaster.inquiryTypes}
          {...form.text('inquiryType')}
        />
        <TextArea label="お問い合わせ内容" required error={err.inquiryContent} hint="2,000文字以内" maxLength={2000} {...form.text('inquiryContent')} />
        {err.recaptchaToken && (
          <p className="f-error" role="alert">
            {err.recaptchaToken}
          </p>
        )}
        <div className="f-submit">
          <button type="submit" className="sk-button sk-button--primary" disabled={form.submitting} data-testid="submit">
            {form.submitting ? '送信中…' : '送信する'}
          </button>
        </div>
        <p className="f-hint">
          送信いただいた内容は<KitLink to="/specific/privacy">プライバシーポリシー</KitLink>に従って取り扱います。
        </p>
      </form>
    </div>
  );
}
