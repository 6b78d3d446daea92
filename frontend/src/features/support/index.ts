// The support feature's public face: the customer's support cases (their dialog, status badge, thumbnails and queries); the back office: back-office.ts.
export { SupportStatusBadge } from './components/SupportCaseParts';
export { SupportCaseDialog } from './components/SupportCaseDialog';
export type { SupportCasePreset } from './components/SupportCaseDialog';
export { useOpenSupportCaseCount, useReplyToSupportCase, useSupportCase, useSupportCases } from './api/support-queries';
export type { SupportCaseView } from './api/support-queries';
