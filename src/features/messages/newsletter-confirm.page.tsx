import { NewsletterLinkView } from './newsletter-link-view';

/** /newsletter/confirm?token=…: the link in the double opt-in mail confirms the subscription. */
export default function NewsletterConfirmPage() {
  return <NewsletterLinkView link="confirm" />;
}
