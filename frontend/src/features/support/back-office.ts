// The support feature's back-office face: the support queue. Apart from index.ts so the customer's pages do not carry it.
export { SupportTab } from './pages/SupportTab';
