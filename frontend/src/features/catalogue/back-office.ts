// The catalogue feature's back-office face: the Products tab, and the back office's product list key, which changes
// elsewhere (an order's status, a failed payment) refresh. Apart from index.ts so the storefront's chunks do not carry it.
export { ADMIN_PRODUCTS_KEY } from './api/admin-product-queries';
export { LowStockPanel } from './components/LowStockPanel';
export { ProductsTab } from './pages/ProductsTab';
