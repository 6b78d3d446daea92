// The verification feature's back-office face: the queue. Apart from index.ts so the customer's pages do not carry it.
export { VerificationsTab } from './pages/VerificationsTab';
