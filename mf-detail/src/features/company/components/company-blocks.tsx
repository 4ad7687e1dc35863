import { FavoriteButton, KitLink, useNavigate } from '@sumika/shell-kit';
import { DEFAULT_SORT, SORT_OPTIONS } from '@sumika/spec';
import type { FormEvent } from 'react';
import type { DetailCompanyQuery } from '../../../__generated__/operations.js';
import { formatArea, formatRent } from '../../../ui/format.js';
import './company.css';

type Company = NonNullable<DetailCompanyQuery['company']>;
type Listings = NonNullable<Company['bukkens']>;

/** A store page's URL: page 1 is the bare path (SPEC §2.1 /bukken/company/{key}/page/{n}); a sort other than the default rides in the query. */
export function companyPageUrl(key: string, page: number, sort: string): string {
  const path = `/bukken/company/${encodeURIComponent(key)}${page > 1 ? `/page/${page}` : ''}`;
  return sort === DEFAULT_SORT ? path : `${path}?sort=${encodeURIComponent(sort)}`;
}

/** The store's profile rows (SPEC §3 Company): only what the store has. */
export function CompanyProfile({ company: c }: { company: Company }) {
  const rows: [string, string][] = [
    ['会社名', c.companyName],
    ['代表者', c.daihyo],
    ['設立', c.establishedYear > 0 ? `${c.establishedYear}年` : ''],
    ['従業員数', c.employeesCount > 0 ? `${c.employeesCount}名` : ''],
    ['電話番号', c.tel],
    ['所在地', c.address],
    ['アクセス', c.access],
    ['営業時間', c.openTime],
    ['定休日', c.holiday],
    ['免許番号', c.licenseNumber],
    ['所属団体', c.association],
    ['初期費用の後払い', c.isLaterPaymentAvailable ? '対応' : ''],
  ];
  return (
    <table className="d-table" data-testid="company-profile">
      <tbody>
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={label === '電話番号' ? 'd-tel' : undefined}>{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** The staff cards: name, role, experience, qualification and their word. */
export function StaffList({ employees }: { employees: Company['employees'] }) {
  return (
    <ul className="c-staff" data-testid="company-staff">
      {employees.map((e) => (
        <li key={e.id}>
          <strong>{e.name}</strong>
          <p className="d-muted">
            {e.position}・経験{e.yearsOfExperience}年{e.qualification ? `・${e.qualification}` : ''}
          </p>
          <p>{e.comment}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The search's sort choices (@sumika/spec SORT_OPTIONS) as a GET form: the button sends it, a
 * client-side navigation with JavaScript, a plain GET without. Choosing alone never navigates (WCAG
 * 3.2.2 On Input). Either way the list starts again at page 1.
 */
export function SortForm({ companyKey, sort }: { companyKey: string; sort: string }) {
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = new FormData(e.currentTarget).get('sort');
    navigate(companyPageUrl(companyKey, 1, typeof value === 'string' ? value : DEFAULT_SORT));
  };
  return (
    <form className="c-sort" method="get" action={`/bukken/company/${encodeURIComponent(companyKey)}`} onSubmit={onSubmit} data-testid="company-sort">
      <label htmlFor="company-sort-select">並び替え</label>
      <select id="company-sort-select" name="sort" defaultValue={sort} key={sort}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" className="sk-button">
        並び替える
      </button>
    </form>
  );
}

/** The store's listings of this page: thumbnail, name, rent, plan, area, station and a favorite button each. */
export function CompanyListings({ items }: { items: Listings['bukkenList'] }) {
  return (
    <ul className="c-listings" data-testid="company-listings">
      {items.map((b) => (
        <li key={b.globalKey}>
          <img src={b.imageGroup.gaikanUrl} alt="" width={96} height={72} loading="lazy" decoding="async" />
          <div className="c-listings__body">
            <KitLink to={`/bukken/detail/${encodeURIComponent(b.globalKey)}`}>{b.name}</KitLink>
            <p>
              <strong>{formatRent(b.chinryou)}</strong> ／ {b.plan} ／ {formatArea(b.area)} ／ 築{b.builtAge}年
            </p>
            <p className="d-muted">
              {b.address}
              {b.traffics[0] ? ` ／ ${b.traffics[0].text}` : ''}
            </p>
          </div>
          <FavoriteButton className="d-fav" globalKey={b.globalKey} />
        </li>
      ))}
    </ul>
  );
}

/** Page links (first, last, ±2 around this one) as plain links that keep the sort. */
export function CompanyPager({ companyKey, page, totalPages, sort }: { companyKey: string; page: number; totalPages: number; sort: string }) {
  if (totalPages <= 1) return null;
  const pages = new Set([1, totalPages]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const href = (p: number) => companyPageUrl(companyKey, p, sort);
  return (
    <nav className="c-pager" aria-label="取扱物件のページ送り" data-testid="company-pager">
      {page > 1 && (
        <KitLink to={href(page - 1)} rel="prev">
          ‹ 前へ
        </KitLink>
      )}
      {sorted.map((p, i) => (
        <span key={p} style={{ display: 'contents' }}>
          {i > 0 && p - (sorted[i - 1] ?? p) > 1 && <span aria-hidden="true">…</span>}
          {p === page ? <span aria-current="page">{p}</span> : <KitLink to={href(p)}>{p}</KitLink>}
        </span>
      ))}
      {page < totalPages && (
        <KitLink to={href(page + 1)} rel="next">
          次へ ›
        </KitLink>
      )}
    </nav>
  );
}
