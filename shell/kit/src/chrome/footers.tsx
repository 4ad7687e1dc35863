import { BRAND, EXTERNAL_LINKS, PATHS } from '../core/constants.js';
import { KitLink } from '../router/kit-link.js';
import { Logo } from './logo.js';

export interface FooterLink {
  label: string;
  href: string;
}

/** SPEC §2.2 PC footer links. */
export const PC_FOOTER_LINKS: readonly FooterLink[] = [
  { label: '会社概要', href: EXTERNAL_LINKS.companyOverview },
  { label: '利用規約', href: PATHS.terms },
  { label: 'プライバシーポリシー', href: PATHS.privacy },
  { label: '掲載110番', href: PATHS.violate },
  { label: '広告掲載について', href: PATHS.business },
  { label: 'お問い合わせ', href: PATHS.usersInquiry },
  { label: 'はじめての方へ', href: PATHS.beginner },
  { label: '内見チェックリスト', href: PATHS.checklist },
  { label: 'ヘルプ', href: PATHS.help },
  { label: 'サイトマップ', href: PATHS.sitemap },
];

/** SPEC §2.2 mobile footer: similar links plus the privacy mark. */
export const SP_FOOTER_LINKS: readonly FooterLink[] = [
  { label: 'はじめての方へ', href: PATHS.beginner },
  { label: '内見チェックリスト', href: PATHS.checklist },
  { label: 'ヘルプ', href: PATHS.help },
  { label: 'お問い合わせ', href: PATHS.usersInquiry },
  { label: '掲載110番', href: PATHS.violate },
  { label: '広告掲載について', href: PATHS.business },
  { label: '利用規約', href: PATHS.terms },
  { label: 'プライバシーポリシー', href: PATHS.privacy },
  { label: '会社概要', href: EXTERNAL_LINKS.companyOverview },
  { label: 'サイトマップ', href: PATHS.sitemap },
];

const isOutside = (href: string): boolean => /^https?:/.test(href);
const Copyright = () => (
  <p className="sk-footer__copyright">
    <small>{`© ${BRAND.name} All Rights Reserved.`}</small>
  </p>
);

function FooterLinkItem({ link }: { link: FooterLink }) {
  return (
    <li>
      <KitLink to={link.href} {...(isOutside(link.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {link.label}
      </KitLink>
    </li>
  );
}

export function PcFooter() {
  return (
    <footer className="sk-footer sk-footer--pc">
      <div className="sk-container sk-footer__inner">
        <div className="sk-footer__brand">
          <Logo />
          <p className="sk-footer__lead">賃貸マンション・アパートの物件探しなら{BRAND.name}。</p>
        </div>
        <nav aria-label="フッターメニュー">
          <ul className="sk-footer__links">
            {PC_FOOTER_LINKS.map((l) => (
              <FooterLinkItem key={l.label} link={l} />
            ))}
          </ul>
        </nav>
      </div>
      <Copyright />
    </footer>
  );
}

export function SpFooter() {
  return (
    <footer className="sk-footer sk-footer--sp">
      <nav aria-label="フッターメニュー">
        <ul className="sk-footer__links sk-footer__links--sp">
          {SP_FOOTER_LINKS.map((l) => (
            <FooterLinkItem key={l.label} link={l} />
          ))}
        </ul>
      </nav>
      <a className="sk-footer__pmark" href={EXTERNAL_LINKS.privacyMark} target="_blank" rel="noopener noreferrer">
        <svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" focusable="false">
          <circle cx="17" cy="17" r="15.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <text x="17" y="22.5" textAnchor="middle" fontSize="15" fontWeight="700" fill="currentColor">
            P
          </text>
        </svg>
        <span>プライバシーマーク</span>
      </a>
      <Copyright />
    </footer>
  );
}
