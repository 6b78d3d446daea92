import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '../../../../../backend/src/identity/contract/return-to';
import { PageLoading } from '../../../components/ui/PageLoading';
import { Tabs } from '../../../components/ui/Tabs';
import { useAuth } from '../api/useAuth';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { RESEARCH_USE_DISCLAIMER } from '../../../lib/shop';
import { LoginForm } from '../components/LoginForm';
import { SignupForm } from '../components/SignupForm';
import '../components/auth.css';

type AuthMode = 'login' | 'signup';

export default function AuthPage() {
  const { isLoading, isAuthenticated } = useAuth();
  const [mode, setMode] = useState<AuthMode>('login');
  const [search] = useSearchParams();
  usePageTitle(mode === 'login' ? 'Login' : 'Sign Up');

  if (isLoading) return <PageLoading />;
  // Signed in (just now, or already): on to where the shopper came from, e.g. the checkout.
  if (isAuthenticated) return <Navigate to={safeReturnPath(search.get('returnTo'))} replace />;
  return (
    <section className="auth-page">
      <div className="card auth-card">
        <h1>
          <FlaskConical size={24} aria-hidden /> {mode === 'login' ? 'Welcome back' : 'Create your account'}
        </h1>
        <p className="muted auth-intro">Sign in to track orders and review products.</p>
        {search.get('emailVerification') === 'failed' && (
          <p className="notice notice-danger" role="alert">
            This confirmation link is invalid or has expired. Log in and use "Resend e-mail" on your dashboard for a new one.
          </p>
        )}
        <Tabs<AuthMode>
          label="Login or sign up"
          selected={mode}
          onSelect={setMode}
          tabs={[
            { id: 'login', label: 'Login', panel: <LoginForm onSwitchToSignup={() => setMode('signup')} /> },
            { id: 'signup', label: 'Sign Up', panel: <SignupForm onSwitchToLogin={() => setMode('login')} /> },
          ]}
        />
        <p className="muted auth-note">{RESEARCH_USE_DISCLAIMER}</p>
      </div>
    </section>
  );
}
