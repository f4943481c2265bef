import { NewsletterLinkView } from './newsletter-link-view';

/** /newsletter/unsubscribe?token=…: the unsubscribe link of every newsletter mail; opening it is the click. */
export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkView link="unsubscribe" />;
}
