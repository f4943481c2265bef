import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function RegisterPage() {
  return <PlaceholderScreen title="Create account" />;
}
