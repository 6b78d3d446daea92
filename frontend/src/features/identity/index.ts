// The identity feature's public face: other features and the app import from here only.
export { CURRENT_USER_KEY, displayName, useAuth } from './api/useAuth';
export { PasswordInput } from './components/PasswordInput';
export { RequireAdmin, RequireSignedIn, useRedirectToLoginWhenSignedOut } from './components/RouteGuards';
