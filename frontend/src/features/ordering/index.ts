// The ordering feature's public face: other features and the app import from here only (the back office: back-office.ts).
export { orderQueries } from './api/order-queries';
export type { OrderTimelineEntry } from './api/order-queries';
