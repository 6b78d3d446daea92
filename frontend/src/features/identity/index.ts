// The identity feature's public face: other features and the app import from here only.
// Its styles too: the sign-in card's layout and the password field, used by other features' pages (the staff invitation).
import './components/auth.css';
export { CURRENT_USER_KEY, displayName, useAuth } from './api/useAuth';
export { PasswordInput } from './components/PasswordInput';
export { RequireSignedIn, RequireStaff, useRedirectToLoginWhenSignedOut } from './components/RouteGuards';
export { AccountClosedNotice } from './components/CloseAccount';
export { useTwoFactorStatus } from './api/two-factor-queries';
