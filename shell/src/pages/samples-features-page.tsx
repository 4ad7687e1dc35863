import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ShellSampleSpecialsQuery, ShellSampleSpecialsQueryVariables } from '../__generated__/operations.js';
import { useQuery } from '@apollo/client/react';
import { formatNumber } from '@sumika/shell-kit';
import { Section, StaticArticle, useStaticMeta, type ShellPageProps } from './static-page.js';

export const SAMPLE_SPECIALS: TypedDocumentNode<ShellSampleSpecialsQuery, ShellSampleSpecialsQueryVariables> = gql`
  query ShellSampleSpecials {
    specials {
      path
      name
      title
      featureTexts1
      bukkenCount
    }
  }
`;

export default function SamplesFeaturesPage(props: ShellPageProps) {
  useStaticMeta(props, {
    title: '特集ページの掲載サンプル',
    description: '不動産会社さま向け：ペット可、デザイナーズ、初期費用が安いなど、すみかの特集ページに物件を掲載した場合のイメージです。',
    path: '/samples/features',
    parents: [
      { text: '事業者の方へ', path: '/statics/business' },
      { text: '掲載サンプル', path: '/samples' },
    ],
  });
  const { data } = useQuery(SAMPLE_SPECIALS);
  return (
    <StaticArticle
      lead={<p>条件に合う物件は、特集ページにも自動で掲載されます。特集ページは検索エンジンからの流入が多く、条件にこだわるユーザーにアピールできます。</p>}
    >
      <Section title="現在の特集">
        <ul className="shell-feature-list">
          {(data?.specials ?? []).map((s) => (
            <li key={s.path}>
              <a href={`/topic/${s.path}`}>{s.title}</a>
              <span>{formatNumber(s.bukkenCount)}件掲載中</span>
              <p>{s.featureTexts1}</p>
            </li>
          ))}
        </ul>
      </Section>
    </StaticArticle>
  );
}
