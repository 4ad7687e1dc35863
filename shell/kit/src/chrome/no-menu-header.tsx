import { MESSAGES } from '../core/messages.js';
import { PhoneIcon } from './icons.js';
import { Logo } from './logo.js';

export interface NoMenuHeaderProps {
  /** The support line; a placeholder until the operator's number is known. */
  phone?: string;
  hours?: string;
}

/** SPEC §2.2 header without menu: the logo and a phone block (staff reply within 1 business day after the form). */
export function NoMenuHeader({ phone = '0120-000-000', hours = '受付時間 10:00〜18:00（土日祝・年末年始を除く）' }: NoMenuHeaderProps) {
  return (
    <header className="sk-header sk-header--plain" id="sk-top">
      <div className="sk-container sk-header__inner sk-header__inner--plain">
        <Logo />
        <div className="sk-phone">
          <p className="sk-phone__label">お電話でのお問い合わせ</p>
          <a className="sk-phone__number" href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>
            <PhoneIcon size={18} />
            {phone}
          </a>
          <p className="sk-phone__hours">{hours}</p>
          <p className="sk-phone__note">{MESSAGES.replyWithinOneBusinessDay}</p>
        </div>
      </div>
    </header>
  );
}
