import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function PaymentPage() {
  return <PlaceholderScreen title="Complete Your Payment" />;
}
