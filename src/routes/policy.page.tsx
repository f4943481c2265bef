import DOMPurify from 'dompurify';
import { Navigate, useParams } from 'react-router';
import { css } from 'styled-system/css';
import { badge } from 'styled-system/recipes';
import { useStoreInfo } from '../app/app-actor';
import { Page } from '../components/layout/page';
import { Card } from '../components/ui/card';
import { DEFAULT_POLICIES } from './policy/policy-content';
import {
  fillPlaceholders,
  isPolicySlug,
  POLICY_TITLES,
  type PolicyCompany,
  type PolicySlug,
  policyCompany,
} from './policy/policy-meta';

const prose = css({
  display: 'flex',
  flexDirection: 'column',
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

/** /{policyType} (spec §2 Policy pages). */
export default function PolicyPage() {
  const { policyType } = useParams();
  const store = useStoreInfo();
  if (!isPolicySlug(policyType)) return <Navigate to="/404" replace />;
  const company = policyCompany(store ?? undefined, window.location.origin);
  const storeHtml = store?.policies?.[policyType];
  return (
    <Page width="prose">
      <Card as="article" padding="lg">
        <span className={badge({ tone: 'indigo' })}>Policy Information</span>
        <h1 className={css({ textStyle: 'h1', mt: '3', mb: '6' })}>{POLICY_TITLES[policyType]}</h1>
        {storeHtml?.trim() ? (
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
