import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function OrdersPage() {
  return <PlaceholderScreen title="My Orders" />;
}
