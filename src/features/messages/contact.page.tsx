import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { css } from 'styled-system/css';
import { contactDetails } from '../../../machines/contact.machine';
import { usePageActor, useStoreInfo } from '../../app/app-actor';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../components/icons';
import { h1Style, Page } from '../../components/layout/page';
import { SubmitButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { InputField, TextareaField } from '../../components/ui/field';
import { PRIVATE_FORM } from '../../forms/private-form';
import { grid, hstack, stack } from '../../theme/layout';
import { provideContactMachine } from './contact.live';
import { contactSchema } from './contact.schema';

const detailRow = css({ display: 'flex', gap: '3', alignItems: 'flex-start' });
const detailIcon = css({
  flexShrink: 0,
  w: '10',
  h: '10',
  borderRadius: 'full',
  display: 'grid',
  placeItems: 'center',
  bg: 'terracotta.50',
  color: 'terracotta.700',
});

const detailsPanel = css(stack, {
  bg: 'indigo.900',
  color: 'indigo.50',
  borderRadius: 'card',
  p: { base: '6', md: '8' },
  gap: '6',
});

/**
 * /contact (spec §2 Contact): the machine sends the message (POST /contact) and owns 'Sending...', the
 * toasts and the clearing; a failed send keeps what was typed.
 */
export default function ContactPage() {
  const contact = contactDetails(useStoreInfo());
  // A sent message clears the form (the machine emits resetForm); a failed one keeps what was typed.
  const [state, send] = usePageActor('contact', provideContactMachine, undefined, {
    onResetForm: () => form.reset(),
  });
  const sending = state.hasTag('loading');
  const [form, fields] = useForm({
    id: 'contact',
    constraint: getZodConstraint(contactSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status === 'success') send({ type: 'contact.submit', ...submission.value });
    },
  });

  return (
    <Page>
      <div className={css(stack, { maxW: '2xl', mb: '10', gap: '3' })}>
        <h1 className={h1Style}>Contact Us</h1>
        <p className={css({ color: 'fg.muted' })}>
          Questions about an order, sizing or a return? Write to us and we will get back to you shortly.
        </p>
      </div>
      <div
        className={css(grid, {
          gap: '8',
          gridTemplateColumns: { base: '1fr', lg: '2fr 3fr' },
          alignItems: 'start',
        })}
      >
        <section aria-labelledby="contact-details" className={detailsPanel}>
          <h2
            id="contact-details"
            className={css({ fontFamily: 'display', fontSize: '2xl', color: 'white' })}
          >
            {contact.companyName}
          </h2>
          <div className={detailRow}>
            <span className={detailIcon}>
              <MailIcon />
            </span>
            <div>
              <p className={css({ fontWeight: '600', color: 'white' })}>Email</p>
              <a
                href={`mailto:${contact.companyEmail}`}
                className={css({ textDecoration: 'underline', color: 'saffron.200' })}
              >
                {contact.companyEmail}
              </a>
            </div>
          </div>
          <div className={detailRow}>
            <span className={detailIcon}>
              <PhoneIcon />
            </span>
            <div>
              <p className={css({ fontWeight: '600', color: 'white' })}>Phone</p>
              <a
                href={`tel:${contact.companyPhone.replace(/\s+/g, '')}`}
                className={css({ color: 'indigo.50' })}
              >
                {contact.companyPhone}
              </a>
              <p className={css(hstack, { fontSize: 'sm', color: 'indigo.200', gap: '1.5', mt: '1' })}>
                <ClockIcon size={14} /> {contact.supportHours}
              </p>
            </div>
          </div>
          <div className={detailRow}>
            <span className={detailIcon}>
              <PinIcon />
            </span>
            <div>
              <p className={css({ fontWeight: '600', color: 'white' })}>Address</p>
              <address className={css({ fontStyle: 'normal' })}>{contact.companyAddress}</address>
            </div>
          </div>
        </section>
        <Card as="section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className={css({ textStyle: 'cardTitle', mb: '5' })}>
            Send us a message
          </h2>
          <form {...PRIVATE_FORM} {...getFormProps(form)} className={css(stack, { gap: '5' })}>
            <div className={css(grid, { gap: '5', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}>
              <InputField meta={fields.name} label="Name" required autoComplete="name" />
              <InputField meta={fields.email} label="Email" type="email" required autoComplete="email" />
            </div>
            <InputField meta={fields.subject} label="Subject" required />
            <TextareaField meta={fields.message} label="Message" required rows={6} />
            <SubmitButton
              size="lg"
              disabled={sending}
              aria-busy={sending}
              className={css({ alignSelf: { base: 'stretch', md: 'flex-start' } })}
            >
              {sending ? 'Sending...' : 'Send Message'}
            </SubmitButton>
          </form>
        </Card>
      </div>
    </Page>
  );
}
