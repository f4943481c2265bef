import { Link } from 'react-router';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import type { DeliveryCheckContext } from '../../../../machines/delivery-check.machine';
import { deliveryText } from '../../../../shared/delivery';
import { formatRupees } from '../../../../shared/money';
import { PIN_CODE_INVALID, pinNotFoundMessage } from '../../../../shared/pincode';
import { usePageActor } from '../../../app/app-actor';
import { ClockIcon, TruckIcon } from '../../../components/icons';
import { SubmitButton } from '../../../components/ui/button';
import { PRIVATE_FORM } from '../../../forms/private-form';
import { stack } from '../../../theme/layout';
import { provideDeliveryCheckMachine } from '../delivery-check.live';

const NO_ANSWER = 'Could not check the PIN code. Please try again.';

const note = css({ display: 'flex', gap: '2', alignItems: 'flex-start', color: 'fg.muted', fontSize: 'sm' });

/** What the check found out, in the words shown under the field. */
function verdict(value: string, context: DeliveryCheckContext): { lines: string[]; error: boolean } {
  const { pin, place } = context;
  switch (value) {
    case 'known': {
      if (!place) return { lines: [], error: false };
      const where = `${place.city}, ${place.state}`;
      const { delivery } = place;
      if (!delivery) return { lines: [`We deliver to ${where}`], error: false };
      const cod =
        delivery.cashOnDeliveryUpTo > 0
          ? `Cash on delivery available on orders up to ${formatRupees(delivery.cashOnDeliveryUpTo * 100)}`
          : 'Pay online: cash on delivery is not offered';
      return { lines: [`${deliveryText(delivery, new Date())} to ${where}`, cod], error: false };
    }
    case 'unknown':
      return { lines: [pinNotFoundMessage(pin)], error: true };
    case 'invalid':
      return { lines: [PIN_CODE_INVALID], error: true };
    case 'failed':
      return { lines: [NO_ANSWER], error: true };
    default:
      return { lines: [], error: false };
  }
}

/**
 * "Check delivery" on the product page: a PIN code gives the delivery dates there and whether cash on
 * delivery is offered (machines/delivery-check.machine.ts); below it, the free delivery and the 7-day
 * return the shop's policies promise.
 */
export function DeliveryCheck() {
  const [state, send] = usePageActor('deliveryCheck', provideDeliveryCheckMachine);
  const checking = state.hasTag('loading');
  const { lines, error } = verdict(String(state.value), state.context);
  return (
    <section aria-labelledby="delivery-title" className={css(stack, { gap: '3' })}>
      <h2 id="delivery-title" className={css({ textStyle: 'h3', fontSize: 'lg' })}>
        Check delivery
      </h2>
      <form
        {...PRIVATE_FORM}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'delivery.check', pin: String(new FormData(event.currentTarget).get('pin') ?? '') });
        }}
        className={css({ display: 'flex', gap: '2', maxW: 'sm' })}
      >
        <label htmlFor="delivery-pin" className={css({ srOnly: true })}>
          PIN code
        </label>
        <input
          id="delivery-pin"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={12}
          placeholder="Enter PIN code"
          aria-invalid={error || undefined}
          aria-describedby="delivery-verdict"
          className={input()}
        />
        <SubmitButton variant="outline" disabled={checking} aria-busy={checking}>
          Check
        </SubmitButton>
      </form>
      {/* Always in the tree (empty, it takes no room), so a screen reader announces the answer. */}
      <div
        id="delivery-verdict"
        role="status"
        className={css(stack, {
          gap: '1',
          fontSize: 'sm',
          color: error ? 'fg.error' : 'fg.default',
          _empty: { display: 'none' },
        })}
      >
        {checking ? <p>Checking…</p> : lines.map((line) => <p key={line}>{line}</p>)}
      </div>
      <ul className={css(stack, { gap: '2', listStyle: 'none' })}>
        <li className={note}>
          <TruckIcon size={18} aria-hidden="true" /> Free delivery across India
        </li>
        <li className={note}>
          <ClockIcon size={18} aria-hidden="true" />
          <span>
            Easy returns within 7 days of delivery (
            <Link to="/return" className={css({ textDecoration: 'underline' })}>
              Return Policy
            </Link>
            )
          </span>
        </li>
      </ul>
    </section>
  );
}
