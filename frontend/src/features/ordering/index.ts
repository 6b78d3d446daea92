// The ordering feature's public face: other features and the app import from here only (the back office: back-office.ts).
export { orderQueries } from './api/order-queries';
export type { OrderTimelineEntry } from './api/order-queries';
export { CUSTOMER_ORDERS_KEY, customerOrderQueries, useCustomerOrders, useFetchProduct } from './api/useOrders';
export { OrderCard } from './components/OrderCard';
export { COUNTED_STATUSES, ON_SALE_AGAIN_LIMIT, QUICK_REORDER_LIMIT, RECOMMENDED_LIMIT, countByStatus } from './components/order-insights';
