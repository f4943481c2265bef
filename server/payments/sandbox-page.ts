import { createHash } from 'node:crypto';
import { formatRupees } from '../../shared/money';
import { OrderStatus } from '../db/schema';
import { formatCsp } from '../http/security-headers';
import { PAYMENT_FIELDS } from './fields';
import type { PaymentAttempt } from './provider';
import { type SandboxOutcome, sandboxSignature } from './sandbox';

export const SANDBOX_TITLE = 'Statefront test gateway — no real money moves';

const STYLE = [
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f4f5;color:#18181b}',
  'main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border:2px dashed #d97706;border-radius:12px}',
  '.badge{display:inline-block;margin:0;padding:.125rem .5rem;border-radius:999px;background:#fef3c7;color:#92400e;font-size:.8rem;font-weight:600}',
  'h1{font-size:1.35rem;margin:.5rem 0 1rem}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1.5rem}',
  'dt{color:#52525b}dd{margin:0;font-weight:600;overflow-wrap:anywhere}',
  'form{margin:.5rem 0}button{width:100%;padding:.75rem;font:inherit;font-weight:600;border-radius:8px;cursor:pointer}',
  '.pay{background:#15803d;color:#fff;border:0}.fail{background:#fff;color:#b91c1c;border:2px solid #b91c1c}',
  '.note{color:#52525b;font-size:.9rem}a{color:#1d4ed8}',
].join('');

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** Only this page's own inline style: no scripts, no images, forms back to us (and our shop origin). */
export function sandboxPageCsp(publicUrl: string): string {
  let shopOrigin = '';
  try {
    shopOrigin = new URL(publicUrl).origin;
  } catch {
    // A malformed PUBLIC_URL only narrows form-action to 'self'.
  }
  // Not derived from the shop's policy (server/http/security-headers.ts): this page loads nothing at all.
  return formatCsp([
    ['default-src', ["'none'"]],
    ['style-src', [`'sha256-${STYLE_HASH}'`]],
    ['form-action', ["'self'", ...(shopOrigin ? [shopOrigin] : [])]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ]);
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function methodLabel(method: string): string {
  const options = PAYMENT_FIELDS.find((field) => field.name === 'method')?.options ?? [];
  return options.find((option) => option.value === method)?.label ?? method;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="badge">Test gateway</p>
${body}
</main>
</body>
</html>
`;
}

export interface SandboxPageInput {
  attempt: PaymentAttempt;
  orderId: string;
  orderStatus: OrderStatus;
  storeName: string;
  publicUrl: string;
  secret: string;
}

function resultLinks(input: SandboxPageInput): { text: string; href: string } {
  return input.attempt.status === 'succeeded'
    ? {
        text: 'Back to the shop',
        href: `${input.publicUrl}/order-success?orderId=${encodeURIComponent(input.orderId)}`,
      }
    : { text: 'Back to my orders', href: `${input.publicUrl}/orders` };
}

export function renderSandboxPage(input: SandboxPageInput): string {
  const { attempt } = input;
  const amount = formatRupees(attempt.amountPaise);
  const details = `<dl>
<dt>Store</dt><dd>${escapeHtml(input.storeName)}</dd>
<dt>Order</dt><dd>${escapeHtml(input.orderId)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
<dt>Method</dt><dd>${escapeHtml(methodLabel(attempt.method))}</dd>
<dt>Reference</dt><dd>${escapeHtml(attempt.reference)}</dd>
</dl>`;
  const heading = `<h1>${escapeHtml(SANDBOX_TITLE)}</h1>`;

  if (attempt.status !== 'created') {
    const done = attempt.status === 'succeeded' ? 'This payment succeeded.' : 'This payment failed.';
    const link = resultLinks(input);
    return layout(
      SANDBOX_TITLE,
      `${heading}${details}<p><strong>${done}</strong></p><p><a href="${escapeHtml(link.href)}">${link.text}</a></p>`,
    );
  }
  if (input.orderStatus !== OrderStatus.Pending) {
    return layout(
      SANDBOX_TITLE,
      `${heading}${details}<p><strong>This order is no longer awaiting payment.</strong></p><p><a href="${escapeHtml(`${input.publicUrl}/orders`)}">Back to my orders</a></p>`,
    );
  }
  const action = `/api/v1/payments/sandbox/${encodeURIComponent(attempt.id)}/complete`;
  const form = (
    outcome: SandboxOutcome,
    label: string,
    className: string,
  ) => `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="outcome" value="${outcome}">
<input type="hidden" name="signature" value="${sandboxSignature(input.secret, attempt.id, outcome, attempt.amountPaise)}">
<button type="submit" class="${className}">${escapeHtml(label)}</button>
</form>`;
  return layout(
    SANDBOX_TITLE,
    `${heading}${details}${form('success', `Pay ${amount}`, 'pay')}${form('failure', 'Fail payment', 'fail')}
<p class="note">This page stands in for a payment gateway so the shop can be tried end to end. Nothing is charged.</p>`,
  );
}

export function renderSandboxNotFound(): string {
  return layout(
    'Payment not found — Statefront test gateway',
    '<h1>Payment not found</h1><p>This test payment does not exist or has expired.</p>',
  );
}
