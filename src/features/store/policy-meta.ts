/**
 * Policy pages (spec §2): valid slugs, titles and placeholder filling. Kept apart from
 * the default texts (policy-content.ts) so the route table can use it without loading the texts.
 */

const POLICY_SLUGS = ['terms', 'privacy', 'refund', 'return', 'shipping', 'about'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export function isPolicySlug(value: string | undefined): value is PolicySlug {
  return (POLICY_SLUGS as readonly string[]).includes(value ?? '');
}

export const POLICY_TITLES: Record<PolicySlug, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  refund: 'Refund Policy',
  return: 'Return and Cancellation Policy',
  shipping: 'Shipping Policy',
  about: 'About Us',
};

export type PolicyCompany = {
  companyName: string;
  companyAddress: string;
  companyPhone: string;
  companyEmail: string;
  companyLogoUrl: string;
  website: string;
};

const POLICY_FALLBACKS = {
  companyName: 'Company Name',
  companyAddress: 'Company Address',
  companyPhone: 'Phone Number',
  companyEmail: 'contact@example.com',
} as const;

type StoreLike = Partial<
  Record<'companyName' | 'companyAddress' | 'companyPhone' | 'companyEmail' | 'companyLogoUrl', string | null>
>;

/** Store information with the spec's fallbacks for anything blank. */
export function policyCompany(store: StoreLike | undefined, website: string): PolicyCompany {
  const pick = (value: string | null | undefined, fallback: string) =>
    value?.trim() ? value.trim() : fallback;
  return {
    companyName: pick(store?.companyName, POLICY_FALLBACKS.companyName),
    companyAddress: pick(store?.companyAddress, POLICY_FALLBACKS.companyAddress),
    companyPhone: pick(store?.companyPhone, POLICY_FALLBACKS.companyPhone),
    companyEmail: pick(store?.companyEmail, POLICY_FALLBACKS.companyEmail),
    companyLogoUrl: pick(store?.companyLogoUrl, ''),
    website,
  };
}

/** Replaces {{companyName}}, {{companyAddress}}, {{companyEmail}}, {{companyPhone}}, {{companyLogoUrl}}, {{website}}. */
export function fillPlaceholders(template: string, company: PolicyCompany): string {
  return template.replace(
    /\{\{\s*(companyName|companyAddress|companyEmail|companyPhone|companyLogoUrl|website)\s*\}\}/g,
    (_, key: keyof PolicyCompany) => company[key],
  );
}
