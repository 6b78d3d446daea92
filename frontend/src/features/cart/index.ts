// The cart feature's public face: other features and the app import from here only.
export { CartButton } from './components/CartButton';
export { CartDrawer } from './components/CartDrawer';
export { CartProvider, useCart } from './state/cart';
