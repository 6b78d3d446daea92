// The content feature's public face: other features and the app import from here only.
export { HomePage } from './pages/HomePage';
export { NotFoundPage } from './pages/NotFoundPage';
