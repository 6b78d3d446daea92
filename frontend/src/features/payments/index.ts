// The payments feature's public face: the back office's Payments tab (its payments, their settlement and the decisions on them).
export { PaymentsTab } from './pages/PaymentsTab';
