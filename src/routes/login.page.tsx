import { PlaceholderScreen } from '../components/layout/placeholder-screen';

export default function LoginPage() {
  return <PlaceholderScreen title="Sign in" />;
}
