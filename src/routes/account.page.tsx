import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function AccountPage() {
  return <PlaceholderScreen title="My Account" />;
}
