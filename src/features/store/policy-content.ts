import type { PolicySlug } from './policy-meta';

/** Default policy texts (spec §2); {{…}} placeholders are filled by fillPlaceholders. */
export type PolicySection = { heading: string; paragraphs: string[]; list?: string[] };

export const DEFAULT_POLICIES: Record<PolicySlug, PolicySection[]> = {
  terms: [
    {
      heading: 'Introduction',
      paragraphs: [
        'This document is an electronic record in terms of the Information Technology Act, 2000 and the rules made under it, as applicable and as amended from time to time. It does not require any physical or digital signatures.',
        'These Terms and Conditions govern your use of the website {{website}} operated by {{companyName}}, {{companyAddress}}. By accessing or using the website you agree to be bound by these terms.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You are responsible for keeping your account details and password confidential and for all activity under your account. Please tell us at {{companyEmail}} if you suspect unauthorised use.',
      ],
    },
    {
      heading: 'Products, prices and orders',
      paragraphs: [
        'We try to describe products and prices accurately. Colours may vary slightly with your screen. Prices are in Indian rupees (INR) and may change without notice. We may refuse or cancel an order, for example if a product is unavailable or a price was listed in error; any amount paid will then be refunded.',
      ],
    },
    {
      heading: 'Use of the website',
      paragraphs: [
        'You agree not to use the website for any unlawful purpose, not to attempt to gain unauthorised access to our systems, and not to copy or reproduce its content without our written permission.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'To the extent permitted by law, {{companyName}} is not liable for indirect or consequential losses arising from the use of the website or its products.',
      ],
    },
    {
      heading: 'Governing law and jurisdiction',
      paragraphs: [
        'These terms are governed by the laws of India. Any dispute arising from them is subject to the exclusive jurisdiction of the courts in Gautam Buddha Nagar, Uttar Pradesh.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: ['Questions about these terms: {{companyEmail}} or {{companyPhone}}.'],
    },
  ],
  privacy: [
    {
      heading: 'Overview',
      paragraphs: [
        'This Privacy Policy describes how {{companyName}} ("we", "us") collects, uses, shares, protects and otherwise processes your personal data through the website {{website}}.',
      ],
    },
    {
      heading: 'Collection',
      paragraphs: [
        'We collect the information you give us when you register, place an order or contact us: your name, email address, phone number, shipping address and order history. We also collect technical information such as your browser type and pages visited.',
      ],
    },
    {
      heading: 'Usage',
      paragraphs: [
        'We use your personal data to process and deliver orders, manage your account, respond to your requests, improve our products and services, and prevent fraud. With your consent we may tell you about offers.',
      ],
    },
    {
      heading: 'Sharing',
      paragraphs: [
        'We share personal data only as needed with our delivery partners, payment processors and service providers, and with authorities when required by law. We do not sell your personal data.',
      ],
    },
    {
      heading: 'Security precautions',
      paragraphs: [
        'We adopt reasonable security practices to protect your personal data from unauthorised access, loss or misuse. No transmission over the internet is fully secure, so please keep your password private.',
      ],
    },
    {
      heading: 'Data deletion and retention',
      paragraphs: [
        'You can delete your account from your profile or settings; we then delete your personal data unless we must keep it for a legal, tax or fraud-prevention purpose. We retain personal data no longer than required for the purpose it was collected for.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may access, correct and update your personal data from your account, or ask us to do so by writing to {{companyEmail}}.',
      ],
    },
    {
      heading: 'Consent',
      paragraphs: [
        'By using the website you consent to the processing of your personal data as described here. You may withdraw your consent by writing to our Grievance Officer; withdrawal does not affect processing that took place before it.',
      ],
    },
    {
      heading: 'Grievance Officer',
      paragraphs: [
        '{{companyName}}, {{companyAddress}}. Email: {{companyEmail}}. Phone: {{companyPhone}}. Available Monday to Friday 10:00-17:00.',
      ],
    },
  ],
  refund: [
    {
      heading: 'Refunds',
      paragraphs: [
        'If you are not satisfied with your purchase you may request a refund by contacting {{companyName}} at {{companyEmail}} or {{companyPhone}}.',
        'Once we receive and inspect the returned goods, we will email you whether your refund is approved. Approved refunds are credited to the original payment method within 0-7 working days.',
      ],
    },
    {
      heading: 'Late or missing refunds',
      paragraphs: [
        'If you have not received an approved refund after 7 working days, please check with your bank first, then contact us at {{companyEmail}}.',
      ],
    },
  ],
  return: [
    {
      heading: 'Returns and cancellations',
      paragraphs: [
        'You may cancel your order or return goods within 0-7 days of receiving them. Goods must be unused and in their original packaging, with all tags attached.',
      ],
    },
    {
      heading: 'Goods that cannot be returned',
      paragraphs: ['The following cannot be returned:'],
      list: [
        'Personalised or custom-made goods',
        'Hygiene goods (such as innerwear) once their seal has been opened',
        'Mixed items sold as a set, unless the whole set is returned',
      ],
    },
    {
      heading: 'How to return',
      paragraphs: [
        'Write to {{companyEmail}} or call {{companyPhone}} with your order number. We will arrange a pickup or share the return address: {{companyAddress}}.',
      ],
    },
  ],
  shipping: [
    {
      heading: 'Delivery times',
      paragraphs: [
        'Normal orders are shipped and delivered within 0-7 working days, depending on your location. Bulk orders are delivered within 10-15 business days.',
        'Shipping is free on every order.',
      ],
    },
    {
      heading: 'Tracking',
      paragraphs: [
        'You can follow your order on the Track Order page with your order number and your email address or phone number.',
      ],
    },
    {
      heading: 'Questions',
      paragraphs: [
        'For any delivery question, contact {{companyName}} at {{companyEmail}} or {{companyPhone}}.',
      ],
    },
  ],
  about: [
    {
      heading: 'Our story',
      paragraphs: [
        '{{companyName}} began with a simple idea: clothing that feels as good as it looks, made for everyday life in India. From soft cotton T-shirts to trendy tops and ethnic wear, we bring together comfort, craft and contemporary style.',
      ],
    },
    {
      heading: 'Our vision',
      paragraphs: [
        'To be the most loved everyday-fashion brand in India, trusted for quality and fair prices.',
      ],
    },
    {
      heading: 'Our mission',
      paragraphs: [
        'To design well-made, affordable clothing, to work responsibly with our makers, and to make shopping easy from browsing to delivery.',
      ],
    },
    {
      heading: 'Our values',
      paragraphs: [],
      list: [
        'Customer satisfaction: every decision starts with you.',
        'Quality excellence: fabrics and finishing we are proud of.',
        'Innovation: fresh designs and a better shopping experience.',
        'Integrity: honest prices, honest descriptions.',
        'Sustainability: mindful materials and less waste.',
      ],
    },
    {
      heading: 'Reach us',
      paragraphs: ['{{companyName}}, {{companyAddress}}. Email {{companyEmail}}, phone {{companyPhone}}.'],
    },
  ],
};
