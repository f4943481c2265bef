import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { grid, stack } from '../../theme/layout';
import { MailIcon, PhoneIcon, PinIcon } from '../icons';
import { categoryPath } from './store-display';

type SiteFooterProps = {
  storeName: string;
  companyName: string;
  description: string;
  address?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
};

const HELP_LINKS = [
  { to: '/terms', label: 'Terms & Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/refund', label: 'Refund Policy' },
  { to: '/return', label: 'Return Policy' },
  { to: '/shipping', label: 'Shipping Policy' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
];

const COMPANY_LINKS = [
  { to: '/account', label: 'My Account' },
  { to: '/orders', label: 'My Orders' },
  { to: '/track-order', label: 'Track Order' },
];

/** The spec's Shop texts, each a link to its category's listing (plain text promised and did nothing). */
const SHOP_LINKS = [
  { to: categoryPath('T Shirts'), label: 'T-Shirts' },
  { to: categoryPath('Tops'), label: 'Trendy Tops' },
  { to: categoryPath('Women'), label: 'Designer Wear' },
];

const heading = css({ textStyle: 'eyebrow', color: 'saffron.300', mb: '4' });
const list = css(stack, { listStyle: 'none', gap: '2.5', fontSize: 'sm' });
const link = css({
  color: 'indigo.100',
  _hover: { color: 'white', textDecoration: 'underline' },
  focusVisibleRing: 'outside',
  focusRingOffset: '1px',
  focusRingColor: 'saffron.300',
});

export function SiteFooter({ storeName, companyName, description, address, phone, email }: SiteFooterProps) {
  return (
    <footer
      className={css({
        bg: 'indigo.900',
        color: 'indigo.100',
        mt: '16',
        // Room for the phone's tab bar, and for the product page's Add to Cart bar above it; none where
        // the page shows no tab bar (checkout and payment: src/app/layouts/main-layout.tsx).
        pb: { base: '20', md: '0' },
        'main:has([data-buy-bar]) ~ &': { pb: { base: 'calc(5rem + token(sizes.buyBar))', md: '0' } },
        '[data-tab-bar=off] &': { pb: '0' },
      })}
    >
      <div
        className={css(grid, {
          maxW: 'content',
          mx: 'auto',
          px: { base: '4', md: '6' },
          py: { base: '10', md: '14' },
          gap: '10',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr 1fr' },
        })}
      >
        <section aria-labelledby="footer-company">
          <h2
            id="footer-company"
            className={css({ fontFamily: 'display', fontSize: '2xl', color: 'white', mb: '3' })}
          >
            {storeName}
          </h2>
          <p className={css({ fontSize: 'sm', maxW: 'sm', mb: '4', color: 'indigo.200' })}>{description}</p>
          <ul className={list}>
            {address ? (
              <li className={css({ display: 'flex', gap: '2' })}>
                <PinIcon size={18} />
                <span>{address}</span>
              </li>
            ) : null}
            {phone ? (
              <li className={css({ display: 'flex', gap: '2' })}>
                <PhoneIcon size={18} />
                <a className={link} href={`tel:${phone.replace(/\s+/g, '')}`}>
                  {phone}
                </a>
              </li>
            ) : null}
            {email ? (
              <li className={css({ display: 'flex', gap: '2' })}>
                <MailIcon size={18} />
                <a className={link} href={`mailto:${email}`}>
                  {email}
                </a>
              </li>
            ) : null}
          </ul>
        </section>
        <FooterLinks id="footer-help" title="Help" links={HELP_LINKS} />
        <FooterLinks id="footer-links" title="Company" links={COMPANY_LINKS} />
        <FooterLinks id="footer-shop" title="Shop" links={SHOP_LINKS} />
      </div>
      <div className={css({ borderTopWidth: '1px', borderColor: 'indigo.800' })}>
        <p
          className={css({
            maxW: 'content',
            mx: 'auto',
            px: { base: '4', md: '6' },
            py: '5',
            fontSize: 'xs',
            color: 'indigo.200',
          })}
        >
          © {new Date().getFullYear()} {withFullStop(companyName)} All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** 'Statefront Apparel Pvt. Ltd.' already ends its sentence; other names get the full stop. */
function withFullStop(name: string): string {
  return name.endsWith('.') ? name : `${name}.`;
}

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <ul className={list}>
        {links.map((item) => (
          <li key={item.to}>
            <Link className={link} to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
