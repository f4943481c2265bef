import { useRef } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { NEWSLETTER_CONFIRM_HINT } from '../../../machines/newsletter.machine';
import { usePageActor } from '../../app/app-actor';
import { MailIcon } from '../../components/icons';
import { SubmitButton } from '../../components/ui/button';
import { PRIVATE_FORM } from '../../forms/private-form';
import { grid, stack } from '../../theme/layout';
import { provideNewsletterMachine } from './newsletter.live';

const panel = css(grid, {
  position: 'relative',
  overflow: 'hidden',
  borderRadius: 'card',
  bg: 'indigo.800',
  color: 'white',
  px: { base: '6', md: '12' },
  py: { base: '10', md: '14' },
  gap: '6',
  gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' },
  alignItems: 'center',
});

/**
 * Newsletter block (spec §4): native required email check, toast, field clears. The machine asks the
 * server for the subscription (double opt-in), so once it has, a line says to confirm from the email.
 */
export function Newsletter() {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, send] = usePageActor('newsletter', provideNewsletterMachine, undefined, {
    onResetForm: () => formRef.current?.reset(),
  });
  const subscribing = state.hasTag('loading');
  return (
    <section aria-labelledby="newsletter-title" className={panel}>
      <div className={css(stack, { gap: '2' })}>
        <h2 id="newsletter-title" className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '3xl' } })}>
          Join our newsletter
        </h2>
        <p className={css({ color: 'indigo.100' })}>
          New arrivals, festive edits and members-only offers, straight to your inbox.
        </p>
      </div>
      <div>
        <form
          {...PRIVATE_FORM}
          ref={formRef}
          onSubmit={(event) => {
            event.preventDefault();
            const email = String(new FormData(event.currentTarget).get('email') ?? '');
            send({ type: 'newsletter.subscribe', email });
          }}
          className={css({ display: 'flex', gap: '3', flexDirection: { base: 'column', sm: 'row' } })}
        >
          <label htmlFor="newsletter-email" className={css({ srOnly: true })}>
            Email address
          </label>
          <div className={css({ position: 'relative', flex: '1' })}>
            <MailIcon
              size={18}
              className={css({
                position: 'absolute',
                left: '3',
                top: '50%',
                transform: 'translateY(-50%)',
                color: 'fg.subtle',
              })}
            />
            <input
              id="newsletter-email"
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="Enter your email"
              className={`${input()} ${css({ ps: '10!', h: '12!' })}`}
            />
          </div>
          <SubmitButton size="lg" variant="light" disabled={subscribing} aria-busy={subscribing}>
            Subscribe
          </SubmitButton>
        </form>
        {/* Always in the tree (empty, it takes no room), so a screen reader announces the line. */}
        <p
          role="status"
          className={css({ color: 'indigo.100', fontSize: 'sm', mt: '3', _empty: { mt: '0' } })}
        >
          {state.matches('subscribed') ? NEWSLETTER_CONFIRM_HINT : null}
        </p>
      </div>
    </section>
  );
}
