import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function CheckoutPage() {
  return <PlaceholderScreen title="Checkout" />;
}
