// The analytics feature's public face: the back office's traffic and funnel reports (loaded on first view).
export { LazyAnalyticsTab } from './pages/LazyAnalyticsTab';
