import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ShellLaterPaymentCompaniesQuery, ShellLaterPaymentCompaniesQueryVariables } from '../__generated__/operations.js';
import { useQuery } from '@apollo/client/react';
import { ErrorBox, formatNumber } from '@sumika/shell-kit';
import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

export const LATER_PAYMENT_COMPANIES: TypedDocumentNode<ShellLaterPaymentCompaniesQuery, ShellLaterPaymentCompaniesQueryVariables> = gql`
  query ShellLaterPaymentCompanies {
    laterPaymentCompanies {
      key
      companyName
      clientName
    }
  }
`;

export default function LaterPaymentPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: '初期費用の後払いができる不動産会社',
    description: '賃貸物件の初期費用（敷金・礼金・仲介手数料など）を後払い・分割払いにできる不動産会社の一覧です。',
    path: '/specific/later_payment',
  });
  const { data, error, refetch } = useQuery(LATER_PAYMENT_COMPANIES);
  const companies = data?.laterPaymentCompanies ?? [];
  return (
    <StaticArticle
      lead={
        <p>
          引っ越しには、敷金・礼金・仲介手数料・前家賃など、家賃の4〜6か月分の初期費用がかかります。以下の不動産会社では、初期費用をクレジットカードや後払いサービスで支払い、最大24回までの分割払いにできます。
        </p>
      }
    >
      <Section title="後払いのしくみ">
        <ol>
          <li>物件の申し込み時に、不動産会社に「初期費用の後払い」を希望すると伝えます。</li>
          <li>後払いサービスの審査（最短即日）を受けます。</li>
          <li>審査に通ると、後払いサービスが不動産会社に初期費用を立て替えて支払います。</li>
          <li>入居後、選んだ回数で後払いサービスに支払います（分割手数料がかかる場合があります）。</li>
        </ol>
      </Section>
      <Section title={`後払いに対応している不動産会社${companies.length ? `（${formatNumber(companies.length)}店舗）` : ''}`}>
        {error && !data ? (
          <ErrorBox message="一覧を読み込めませんでした。" onRetry={() => void refetch()} />
        ) : (
          <ul className="shell-company-list" data-testid="later-payment-companies">
            {companies.map((c) => (
              <li key={c.key}>
                <a href={`/bukken/company/${encodeURIComponent(c.key)}`}>{c.clientName}</a>
                <span>{c.companyName}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <p className="shell-static__note">※ 後払いの可否や手数料は、不動産会社・物件・審査結果によって異なります。詳しくは各不動産会社にお問い合わせください。</p>
    </StaticArticle>
  );
}
