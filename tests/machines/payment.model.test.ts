import { describe, expect, it } from 'vitest';
import { parsePaymentFields, paymentOutcome, qrImageSource } from '../../machines/payment.model';

const field = { name: 'email', label: 'Email', type: 'email' };

describe('parsePaymentFields', () => {
  it('reads an array and an object with a fields array', () => {
    expect(parsePaymentFields([field])).toEqual([field]);
    expect(parsePaymentFields({ fields: [field] })).toEqual([field]);
  });
  it('gives an empty list for anything else', () => {
    for (const body of [null, 'x', 42, { data: [field] }, { fields: 'no' }])
      expect(parsePaymentFields(body)).toEqual([]);
  });
  it('drops entries that are not field definitions', () => {
    expect(parsePaymentFields([field, { name: 'x' }, { ...field, type: 'color' }])).toEqual([field]);
  });
});

describe('paymentOutcome', () => {
  it('reads cash on delivery as confirmed with the rupees due, whatever else the answer carries', () => {
    expect(
      paymentOutcome({
        success: true,
        redirectUrl: 'https://gateway.test/x',
        action: { type: 'cash_on_delivery', due: 1299.5 },
      }),
    ).toEqual({ kind: 'cashOnDelivery', due: 1299.5 });
    expect(paymentOutcome({ success: true, action: { type: 'cash_on_delivery' } })).toEqual({
      kind: 'cashOnDelivery',
      due: 0,
    });
    expect(
      paymentOutcome({ success: false, error: 'No', action: { type: 'cash_on_delivery', due: 5 } }),
    ).toEqual({ kind: 'failed', error: 'No' });
  });

  it('posts type, url and data[...] to the redirect URL when the action is redirect_post', () => {
    expect(
      paymentOutcome({
        success: true,
        action: {
          type: 'redirect_post',
          redirectUrl: 'https://gw.test/pay',
          formParams: { type: 'POST', url: 'https://gw.test/x', data: { key: 'k', hash: 'h' } },
        },
      }),
    ).toEqual({
      kind: 'redirectPost',
      url: 'https://gw.test/pay',
      method: 'POST',
      fields: { type: 'POST', url: 'https://gw.test/x', 'data[key]': 'k', 'data[hash]': 'h' },
    });
  });
  it('posts the gateway data itself to formParams.url when there is no redirect URL', () => {
    expect(
      paymentOutcome({
        success: true,
        action: {
          type: 'redirect_post',
          formParams: { type: 'post', url: 'https://gw.test/x', data: { key: 'k' } },
        },
      }),
    ).toEqual({ kind: 'redirectPost', url: 'https://gw.test/x', method: 'POST', fields: { key: 'k' } });
  });
  it('opens the deep link, shows the QR, follows redirectUrl, or says initiated', () => {
    expect(
      paymentOutcome({ success: true, action: { type: 'deeplink', redirectUrl: 'upi://pay?x' } }),
    ).toEqual({
      kind: 'deeplink',
      url: 'upi://pay?x',
    });
    expect(paymentOutcome({ success: true, action: { type: 'qr', qrBase64: 'iVBOR' } })).toStrictEqual({
      kind: 'qr',
      qr: null,
      qrBase64: 'iVBOR',
    });
    expect(
      paymentOutcome({
        success: true,
        redirectUrl: 'https://gw.test/h',
        action: { type: 'qr', qr: 'upi://x' },
      }),
    ).toEqual({ kind: 'qr', qr: 'upi://x', qrBase64: null, gatewayUrl: 'https://gw.test/h' });
    expect(paymentOutcome({ success: true, redirectUrl: 'https://gw.test/h' })).toEqual({
      kind: 'redirect',
      url: 'https://gw.test/h',
    });
    expect(paymentOutcome({ success: true })).toEqual({ kind: 'initiated' });
  });
  it("shows the server's error, else 'Unknown error occurred during payment process', when not successful", () => {
    expect(paymentOutcome({ success: false, error: 'Card declined' })).toEqual({
      kind: 'failed',
      error: 'Card declined',
    });
    expect(paymentOutcome({ success: false })).toEqual({
      kind: 'failed',
      error: 'Unknown error occurred during payment process',
    });
    expect(paymentOutcome(null)).toEqual({
      kind: 'failed',
      error: 'Unknown error occurred during payment process',
    });
  });
  it('uses a base64 QR as a PNG data URL', () => {
    expect(qrImageSource('iVBOR')).toBe('data:image/png;base64,iVBOR');
    expect(qrImageSource('data:image/png;base64,iVBOR')).toBe('data:image/png;base64,iVBOR');
  });
});
