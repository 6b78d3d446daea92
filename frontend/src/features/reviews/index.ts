// The reviews feature's public face: reviews and ratings on the product page (their moderation in the back office: back-office.ts).
export { ReviewsSection } from './components/ReviewsSection';
