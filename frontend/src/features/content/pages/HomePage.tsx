import { useAuth } from '../../identity';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { GuestLanding } from '../components/home/GuestLanding';
import { SignedInHome } from '../components/home/SignedInHome';

/** Storefront spec §2: guests, and everyone while the session check is still running, get the landing page. */
export function HomePage() {
  const { user } = useAuth();
  usePageTitle(null);
  return user ? <SignedInHome user={user} /> : <GuestLanding />;
}
