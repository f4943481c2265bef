import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function TrackOrderPage() {
  return <PlaceholderScreen title="Track Your Order" />;
}
