// The reviews feature's public face: reviews and ratings on the product page, and their moderation in the back office.
export { ReviewsSection } from './components/ReviewsSection';
export { ReviewsTab } from './pages/ReviewsTab';
