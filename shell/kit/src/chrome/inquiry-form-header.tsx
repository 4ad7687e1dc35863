import { MESSAGES } from '../core/messages.js';
import { Logo } from './logo.js';

/** SPEC §2.2 inquiry-form header: the logo and 'お問い合わせフォーム', nothing to wander off to. */
export function InquiryFormHeader({ title = MESSAGES.inquiryFormTitle }: { title?: string }) {
  return (
    <header className="sk-header sk-header--plain" id="sk-top">
      <div className="sk-container sk-header__inner sk-header__inner--plain">
        <Logo />
        <h1 className="sk-header__title">{title}</h1>
      </div>
    </header>
  );
}
