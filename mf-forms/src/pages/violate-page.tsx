import { useMutation, useQuery } from '@apollo/client/react';
import { ErrorBox, useNavigate, documentTitle } from '@sumika/shell-kit';
import type { RemotePageProps } from '@sumika/shell-kit';
import {
  ErrorSummary,
  PREFECTURE_OPTIONS,
  RadioGroup,
  SelectField,
  TextArea,
  TextField,
  intOrNull,
  orNull,
  recaptchaToken,
  useForm,
} from '../features/form/index.js';
import { saveReceipt } from '../features/receipt/index.js';
import { SEND_VIOLATION, VIOLATION_MASTER } from '../features/violation/index.js';
import { FormsStyles } from '../ui/styles.js';

/** /violate (掲載110番): report a listing that breaks the advertising rules. */
export default function ViolatePage({ config, search, setMeta }: RemotePageProps) {
  setMeta({
    title: documentTitle('掲載110番（不適切な掲載のご報告）'),
    description: 'おとり広告や事実と異なる掲載など、不適切な物件情報を見つけた場合はこちらからご報告ください。',
    canonical: '/violate',
    breadcrumbs: [{ text: '賃貸トップ', path: '/' }, { text: '掲載110番' }],
  });
  const navigate = useNavigate();
  const master = useQuery(VIOLATION_MASTER);
  const [send] = useMutation(SEND_VIOLATION);
  const prefilledUrl = new URLSearchParams(search).get('url') ?? '';
  const form = useForm({
    violateKindId: '',
    bukkenKankeiId: '',
    corporateName: '',
    nameSei: '',
    nameMei: '',
    prefectureId: '',
    email: '',
    phone: '',
    violateUrl: prefilledUrl,
    dwellingName: '',
    free: '',
  });
  const err = form.errors.fields;
  if (master.error && !master.data) return <ErrorBox message="フォームを読み込めませんでした。" onRetry={() => void master.refetch()} />;
  const m = master.data?.violationMaster;
  const relation = m?.relations.find((r) => String(r.code) === form.values.bukkenKankeiId);
  return (
    <div className="f-card" data-testid="violate-page">
      <FormsStyles />
      <h2>掲載110番</h2>
      <p className="f-lead">
        すでに契約済みの物件が掲載され続けている、写真や条件が実際と異なるなど、不適切な掲載を見つけた場合はお知らせください。内容を確認し、掲載会社へ是正を求めます（個別の回答はいたしかねます）。
      </p>
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
                violateKindId: intOrNull(v.violateKindId),
                bukkenKankeiId: intOrNull(v.bukkenKankeiId),
                corporateName: orNull(v.corporateName),
                nameSei: orNull(v.nameSei),
                nameMei: orNull(v.nameMei),
                prefectureId: intOrNull(v.prefectureId),
                email: orNull(v.email),
                phone: orNull(v.phone),
                violateUrl: orNull(v.violateUrl),
                dwellingName: orNull(v.dwellingName),
                free: orNull(v.free),
                recaptchaToken: await recaptchaToken(config, 'violate'),
              },
            });
            if (!data) throw new Error('no receipt');
            const r = data.sendViolation;
            saveReceipt({ form: 'violate', receiptNumber: r.receiptNumber, receivedAt: r.receivedAt, email: r.email, summary: r.summary });
            navigate('/violate/complete');
          });
        }}
      >
        <RadioGroup
          label="違反の種類"
          required
          error={err.violateKindId}
          name="violateKindId"
          options={m?.kinds}
          value={form.values.violateKindId}
          onChange={(v) => form.set('violateKindId', v)}
        />
        <SelectField label="物件との関係" required error={err.bukkenKankeiId} options={m?.relations} {...form.text('bukkenKankeiId')} />
        <TextField
          label="会社名"
          required={!!relation?.requiresCorporateName}
          error={err.corporateName}
          autoComplete="organization"
          {...form.text('corporateName')}
        />
        <TextField label="お名前（姓）" required error={err.nameSei} autoComplete="family-name" {...form.text('nameSei')} />
        <TextField label="お名前（名）" required error={err.nameMei} autoComplete="given-name" {...form.text('nameMei')} />
        <SelectField label="物件の所在地（都道府県）" required error={err.prefectureId} options={PREFECTURE_OPTIONS} {...form.text('prefectureId')} />
        <TextField label="メールアドレス" required error={err.email} type="email" autoComplete="email" {...form.text('email')} />
        <TextField label="電話番号" error={err.phone} type="tel" autoComplete="tel" {...form.text('phone')} />
        <TextField label="掲載ページのURL" required error={err.violateUrl} type="url" placeholder="https://" {...form.text('violateUrl')} />
        <TextField label="物件名" error={err.dwellingName} {...form.text('dwellingName')} />
        <TextArea
          label="内容"
          required
          error={err.free}
          hint="どのような点が不適切か、具体的にご記入ください（2,000文字以内）。"
          maxLength={2000}
          {...form.text('free')}
        />
        {err.recaptchaToken && (
          <p className="f-error" role="alert">
            {err.recaptchaToken}
          </p>
        )}
        <div className="f-submit">
          <button type="submit" className="sk-button sk-button--primary" disabled={form.submitting} data-testid="submit">
            {form.submitting ? '送信中…' : '報告する'}
          </button>
        </div>
      </form>
    </div>
  );
}
