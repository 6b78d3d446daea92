import { splitPoints } from './review-draft';
import { validateReview } from './review-form';

const valid = { rating: 5, title: 'Clean HPLC trace', content: 'Matched the certificate of analysis.', pros: '', cons: '' };

describe('review form rules (storefront spec §5)', () => {
  it('turns comma-separated pros and cons into trimmed, non-empty lists', () => {
    expect(splitPoints(' fast shipping ,, pure ,')).toEqual(['fast shipping', 'pure']);
    expect(validateReview({ ...valid, pros: 'pure, fast', cons: ' , pricey' }).input).toMatchObject({ pros: ['pure', 'fast'], cons: ['pricey'] });
  });

  it('requires a rating from 1 to 5', () => {
    expect(validateReview({ ...valid, rating: 0 }).errors).toEqual({ rating: 'Rating must be a number from 1 to 5' });
  });

  it('requires a title of at most 255 characters', () => {
    expect(validateReview({ ...valid, title: '   ' }).errors).toEqual({ title: 'Title is required' });
    expect(validateReview({ ...valid, title: 'x'.repeat(256) }).errors).toEqual({ title: 'Title must be at most 255 characters' });
    expect(validateReview({ ...valid, title: 'x'.repeat(255) }).errors).toBeNull();
  });

  it('requires at least 10 characters of review text', () => {
    expect(validateReview({ ...valid, content: 'too short' }).errors).toEqual({ content: 'Review must be at least 10 characters' });
  });

  it('reports every invalid field at once', () => {
    expect(Object.keys(validateReview({ rating: 0, title: '', content: '', pros: '', cons: '' }).errors ?? {}).sort()).toEqual(['content', 'rating', 'title']);
  });

  it('reports a pro or con that is too long on the field it was typed in', () => {
    expect(validateReview({ ...valid, cons: `ok, ${'x'.repeat(201)}` }).errors).toEqual({ cons: 'Each pro or con must be at most 200 characters' });
  });
});
