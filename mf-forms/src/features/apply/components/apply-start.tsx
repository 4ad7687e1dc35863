import { useQuery } from '@apollo/client/react';
import { CASHBACK_CAMPAIGN as CAMPAIGN, CASHBACK_DEFAULT_AMOUNT } from '@sumika/spec';
import { ErrorBox, formatManYen, formatNumber, KitLink, PATHS } from '@sumika/shell-kit';
import type { FormsApplyStartBukkenFragment } from '../../../__generated__/operations.js';
import { APPLY_START_DATA } from '../api/apply-start-data.js';
import { CASHBACK_STEPS, campaignWindowText } from '../../cashback/index.js';

interface Choice {
  globalKey: string;
  listKind: string;
  bukken: FormsApplyStartBukkenFragment;
}

function ChoiceList({ title, choices, action }: { title: string; choices: Choice[]; action: string }) {
  if (choices.length === 0) return null;
  return (
    <section aria-labelledby={`apply-start-${action}`}>
      <h3 id={`apply-start-${action}`}>{title}</h3>
      <ul className="f-bukkens">
        {choices.map(({ globalKey, listKind, bukken: b }) => (
          <li key={globalKey} className="f-bukken">
            <img className="f-thumb" src={b.imageGroup.gaikanUrl} alt="" width={96} height={72} loading="lazy" />
            <div>
              <strong>{b.name}</strong> {formatManYen(b.chinryou)} ／ {b.plan}
              <div className="f-hint">{b.address}</div>
              <KitLink to={`/apply/create?keys=${encodeURIComponent(globalKey)}&list_kind=${listKind}`}>
                {action === 'incomplete' ? 'この物件の問い合わせを再開する' : 'この物件について問い合わせる'}
              </KitLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /apply without listings (200): how the cashback works, and the visitor's inquired listings to
 * choose one from (left midway first, then those sent), each opening the apply form.
 */
export function ApplyStart({ now }: { now: Date }) {
  const { data, error, loading, refetch } = useQuery(APPLY_START_DATA);
  const stock = data?.user?.bukken;
  const incomplete: Choice[] = (stock?.incompleteInquiries ?? []).flatMap((i) =>
    i.bukken ? [{ globalKey: i.globalKey, listKind: i.listKind, bukken: i.bukken }] : [],
  );
  const started = new Set(incomplete.map((c) => c.globalKey));
  const sent: Choice[] = (stock?.histories ?? []).flatMap((h) =>
    h.kind === 'applied' && h.bukken && !started.has(h.globalKey) ? [{ globalKey: h.globalKey, listKind: 'contacted_bukken', bukken: h.bukken }] : [],
  );
  const inCampaign = now.getTime() < Date.parse(CAMPAIGN.endsBefore);
  return (
    <div data-testid="apply-start">
      <div className="f-card">
        <h2>物件のお問い合わせとお祝い金</h2>
        <p className="f-lead">
          すみかで問い合わせた物件に入居が決まると、入居お祝い金 最大{formatNumber(CASHBACK_DEFAULT_AMOUNT)}円を申請できます
          {inCampaign && `（${campaignWindowText()}は最大${formatNumber(CAMPAIGN.amount)}円）`}。
        </p>
        <ol className="f-steps">
          {CASHBACK_STEPS.map((s) => (
            <li key={s.title}>
              <strong>{s.title}</strong>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
        <KitLink to={PATHS.cashback}>お祝い金の条件・よくある質問</KitLink>
      </div>
      <div className="f-card">
        <h2>問い合わせる物件を選んでください</h2>
        {error && !data ? (
          <ErrorBox message="問い合わせた物件を読み込めませんでした。" onRetry={() => void refetch()} />
        ) : (
          <>
            <ChoiceList title="問い合わせ途中の物件" choices={incomplete} action="incomplete" />
            <ChoiceList title="問い合わせた物件" choices={sent} action="sent" />
            {!loading && incomplete.length + sent.length === 0 && (
              <p className="f-empty">まだ問い合わせた物件はありません。物件詳細ページの「お問い合わせ」から問い合わせると、ここから選べるようになります。</p>
            )}
          </>
        )}
        <p className="f-links">
          <KitLink to="/search">物件を探す</KitLink>
          <KitLink to={PATHS.favorite}>お気に入りから選ぶ</KitLink>
        </p>
      </div>
    </div>
  );
}
