// The reviews feature's back-office face: review moderation. Apart from index.ts so the product page does not carry it.
export { ReviewsTab } from './pages/ReviewsTab';
