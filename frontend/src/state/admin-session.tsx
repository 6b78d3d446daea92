import { createContext, ReactNode, useCallback, useContext, useState } from 'react';
import { ApiError } from '../api/client';
import { useRedirectToLoginWhenSignedOut } from '../features/identity';

type ReportError = (error: unknown) => boolean;
const AdminSessionContext = createContext<ReportError | null>(null);

/**
 * Checkout spec §2: when an admin call answers 401 the session has ended, so the back office
 * says so once and sends the browser to sign in again.
 */
export function AdminSession({ children }: { children: ReactNode }) {
  const [signedOut, setSignedOut] = useState(false);
  useRedirectToLoginWhenSignedOut(signedOut);
  const report = useCallback<ReportError>((error) => {
    const unauthorized = error instanceof ApiError && error.isUnauthorized;
    if (unauthorized) setSignedOut(true);
    return unauthorized;
  }, []);
  return <AdminSessionContext.Provider value={report}>{children}</AdminSessionContext.Provider>;
}

/** Reports a failed admin call; true when it meant the session ended (the caller then shows nothing else). */
export function useReportAdminError(): ReportError {
  const report = useContext(AdminSessionContext);
  if (!report) throw new Error('useReportAdminError needs an AdminSession');
  return report;
}
