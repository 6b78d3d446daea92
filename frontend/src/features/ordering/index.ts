// The ordering feature's public face: other features and the app import from here only.
export { orderQueries } from './api/order-queries';
export type { OrderTimelineEntry } from './api/order-queries';
export { ReferralCodesTab } from './pages/ReferralCodesTab';
