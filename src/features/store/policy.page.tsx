import DOMPurify from 'dompurify';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { useStoreInfo } from '../../app/app-actor';
import { useShopOrigin } from '../../app/shop-origin';
import { Page } from '../../components/layout/page';
import { Card } from '../../components/ui/card';
import { useIsClient } from '../../components/use-is-client';
import { stack } from '../../theme/layout';
import NotFoundPage from './not-found.page';
import { DEFAULT_POLICIES } from './policy-content';
import {
  fillPlaceholders,
  isPolicySlug,
  POLICY_TITLES,
  type PolicyCompany,
  type PolicySlug,
  policyCompany,
} from './policy-meta';

const prose = css(stack, {
  gap: '4',
  color: 'fg.muted',
  lineHeight: '1.75',
  '& h2': { fontFamily: 'display', fontSize: 'xl', fontWeight: '700', color: 'fg.default', mt: '4' },
  '& h3': { fontWeight: '600', color: 'fg.default', mt: '2' },
  '& ul, & ol': { pl: '6', display: 'flex', flexDirection: 'column', gap: '1.5' },
  '& ul': { listStyle: 'disc' },
  '& ol': { listStyle: 'decimal' },
  '& a': { color: 'terracotta.700', textDecoration: 'underline' },
  '& strong': { color: 'fg.default' },
});

/**
 * Store-supplied HTML with its placeholders filled, then sanitised: DOMPurify strips scripts, event
 * handlers and javascript: URLs, so a policy text cannot run code in the shopper's browser.
 */
function sanitisePolicyHtml(html: string, company: PolicyCompany): string {
  return DOMPurify.sanitize(fillPlaceholders(html, company), { USE_PROFILES: { html: true } });
}

function DefaultPolicy({ slug, company }: { slug: PolicySlug; company: PolicyCompany }) {
  return (
    <div className={prose}>
      {DEFAULT_POLICIES[slug].map((section) => (
        <section key={section.heading} aria-label={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text} className={css({ mt: '2' })}>
              {fillPlaceholders(text, company)}
            </p>
          ))}
          {section.list ? (
            <ul className={css({ mt: '2' })}>
              {section.list.map((item) => (
                <li key={item}>{fillPlaceholders(item, company)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

/**
 * A slug that is no policy goes to /404 (spec §2): the server renders the 404 page here (with its
 * status: server/web/spa.ts), and the browser moves to /404 once hydrated.
 */
function NotAPolicy() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/404', { replace: true });
  }, [navigate]);
  return <NotFoundPage />;
}

/** /{policyType} (spec §2 Policy pages). */
export default function PolicyPage() {
  const { policyType } = useParams();
  const store = useStoreInfo();
  const origin = useShopOrigin();
  const sanitiser = useIsClient();
  if (!isPolicySlug(policyType)) return <NotAPolicy />;
  const company = policyCompany(store ?? undefined, origin);
  const storeHtml = store?.policies?.[policyType];
  return (
    <Page width="prose">
      <Card as="article" padding="lg">
        <span className={badge({ tone: 'indigo' })}>Policy Information</span>
        <h1 className={css({ textStyle: 'h1', mt: '3', mb: '6' })}>{POLICY_TITLES[policyType]}</h1>
        {storeHtml?.trim() && !sanitiser ? (
          // DOMPurify needs a DOM: the server (and the hydrating render) leave the store's own text to the browser.
          <p className={css({ color: 'fg.muted' })} aria-busy="true">
            Loading…
          </p>
        ) : storeHtml?.trim() ? (
          <div
            className={prose}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify just above
            dangerouslySetInnerHTML={{ __html: sanitisePolicyHtml(storeHtml, company) }}
          />
        ) : (
          <DefaultPolicy slug={policyType} company={company} />
        )}
      </Card>
    </Page>
  );
}
