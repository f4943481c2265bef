import { QRCodeSVG } from 'qrcode.react';
import { css } from 'styled-system/css';
import { QR_LEVEL, QR_SIZE, qrImageSource } from '../../../machines/payment.model';
import { centredColumn } from '../../components/layout/page';
import { CheckAgainButton, FollowLink, ValidFor, WaitingLine } from './following-payment';

type QrPaymentProps = {
  qr: string | null;
  qrBase64: string | null;
  /** The gateway's own page for this payment (the sandbox), when the answer carried one. */
  gatewayUrl: string | null;
  /** The page is looking at the payment now. */
  checking: boolean;
  onCheck: () => void;
  /** The code pays a payee that cannot exist (no UPI VPA configured yet): say it is a sandbox code. */
  sandbox?: boolean;
};

/** Spec §4 qr outcome: the code from `qr` (size 256, level L), else the PNG in `qrBase64`. */
export function QrPayment({ qr, qrBase64, gatewayUrl, checking, onCheck, sandbox = false }: QrPaymentProps) {
  return (
    <div className={css(centredColumn)}>
      <h2 className={css({ textStyle: 'h3', fontSize: 'xl' })}>Scan QR Code to Complete Payment</h2>
      {sandbox ? (
        <p
          className={css({
            px: '3',
            py: '0.5',
            borderRadius: 'full',
            bg: 'amber.100',
            color: 'amber.900',
            fontSize: 'sm',
            fontWeight: '600',
          })}
        >
          Sandbox: a test code, no UPI app can pay it
        </p>
      ) : null}
      <p className={css({ color: 'fg.muted', maxW: 'sm' })}>
        Scan this code with your banking or payment app (any UPI app) to complete the payment.
      </p>
      <div
        className={css({
          p: '3',
          bg: 'white',
          borderRadius: 'control',
          borderWidth: '1px',
          borderColor: 'border.subtle',
        })}
      >
        {qr ? (
          <QRCodeSVG
            value={qr}
            size={QR_SIZE}
            level={QR_LEVEL}
            title="Payment QR code"
            role="img"
            aria-label="Payment QR code"
          />
        ) : qrBase64 ? (
          <img src={qrImageSource(qrBase64)} alt="Payment QR code" width={QR_SIZE} height={QR_SIZE} />
        ) : null}
      </div>
      <ValidFor />
      <WaitingLine />
      <CheckAgainButton onCheck={onCheck} checking={checking} />
      {gatewayUrl ? (
        <FollowLink href={gatewayUrl} newTab>
          Open test gateway (sandbox)
        </FollowLink>
      ) : null}
    </div>
  );
}
