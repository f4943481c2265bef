import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function OrderSuccessPage() {
  return <PlaceholderScreen title="Thank You for Your Order!" />;
}
