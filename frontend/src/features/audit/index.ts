// The audit feature's public face: the back office's Audit log tab, and one stream's history for the details dialogs of other features.
export { AuditTab } from './pages/AuditTab';
export { AuditTrail } from './components/AuditTrail';
