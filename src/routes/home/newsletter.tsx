import { useCallback, useRef } from 'react';
import { css } from 'styled-system/css';
import { input } from 'styled-system/recipes';
import { newsletterMachine } from '../../../machines/newsletter.machine';
import { usePageActor } from '../../app/app-actor';
import { useEmitted } from '../../app/emitted';
import { MailIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';

const provideNewsletterMachine = () => newsletterMachine;

/** Newsletter block (spec §4): native required email check, toast, field clears; no server call. */
export function Newsletter() {
  const [, send, actor] = usePageActor('newsletter', provideNewsletterMachine);
  const formRef = useRef<HTMLFormElement>(null);
  const reset = useCallback(() => formRef.current?.reset(), []);
  useEmitted(actor, reset);
  return (
    <section
      aria-labelledby="newsletter-title"
      className={css({
        position: 'relative',
        overflow: 'hidden',
        borderRadius: 'card',
        bg: 'indigo.800',
        color: 'white',
        px: { base: '6', md: '12' },
        py: { base: '10', md: '14' },
        display: 'grid',
        gap: '6',
        gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' },
        alignItems: 'center',
      })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h2 id="newsletter-title" className={css({ textStyle: 'h2', fontSize: { base: '2xl', md: '3xl' } })}>
          Join our newsletter
        </h2>
        <p className={css({ color: 'indigo.100' })}>
          New arrivals, festive edits and members-only offers, straight to your inbox.
        </p>
      </div>
      <form
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
        <Button type="submit" size="lg" variant="light">
          Subscribe
        </Button>
      </form>
    </section>
  );
}
