import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { ReviewContent, ReviewEvent } from '../contract/review.events';
import { ALREADY_REVIEWED, ReviewCommand, reviewDecider } from './review.decider';

const content: ReviewContent = { rating: 5, title: 'Consistent purity', content: 'HPLC matched the certificate.', pros: ['pure'], cons: [] };
const revised: ReviewContent = { ...content, rating: 4, cons: ['slow delivery'] };
const ids = { reviewId: 'r1', productId: 3 };

const written = (): ReviewEvent => ({ type: 'ReviewWritten', version: 1, data: { ...ids, authorId: 'author', authorName: 'Ada Lovelace', verified: false, ...content } });
const edited = (): ReviewEvent => ({ type: 'ReviewEdited', version: 1, data: { ...ids, ...revised } });
const deleted = (): ReviewEvent => ({ type: 'ReviewDeleted', version: 1, data: { ...ids, deletedBy: 'author' } });
const voted = (voterId: string, isHelpful: boolean): ReviewEvent => ({ type: 'ReviewVoted', version: 1, data: { ...ids, voterId, isHelpful } });
const answered = (): ReviewEvent => ({ type: 'ReviewAnswered', version: 1, data: { ...ids, response: 'Thank you!', answeredBy: 'admin' } });

const write: ReviewCommand = { kind: 'write', ...ids, authorId: 'author', authorName: 'Ada Lovelace', verified: false, content };
const edit = (actorId: string): ReviewCommand => ({ kind: 'edit', actorId, content: revised });
const remove = (actorId: string): ReviewCommand => ({ kind: 'delete', actorId });
const vote = (voterId: string, isHelpful: boolean): ReviewCommand => ({ kind: 'vote', voterId, isHelpful });
const answer: ReviewCommand = { kind: 'answer', adminId: 'admin', response: 'Thank you!' };

const review = DeciderSpecification.for(reviewDecider);

describe('review decider', () => {
  it('writes a review', () => {
    review.given([]).when(write).then([written()]);
  });

  it('rejects a second review of the same product by the same user', () => {
    review.given([written()]).when(write).thenThrows(ConflictError, ALREADY_REVIEWED);
  });

  it('lets an author review again after deleting the review', () => {
    review.given([written(), deleted()]).when(write).then([written()]);
  });

  it('lets the author edit the review', () => {
    review.given([written()]).when(edit('author')).then([edited()]);
  });

  it('lets only the author edit or delete', () => {
    review.given([written()]).when(edit('someone')).thenThrows(ForbiddenError, 'Only the author may edit this review');
    review.given([written()]).when(remove('someone')).thenThrows(ForbiddenError, 'Only the author may delete this review');
    review.given([written()]).when(remove('author')).then([deleted()]);
  });

  it('records a vote', () => {
    review.given([written()]).when(vote('v', false)).then([voted('v', false)]);
  });

  it('refuses votes on one\'s own review and records one opinion per voter', () => {
    review.given([written()]).when(vote('author', true)).thenThrows(ForbiddenError, 'You cannot vote on your own review');
    review.given([written(), voted('v', true)]).when(vote('v', true)).thenNothing();
    review.given([written(), voted('v', true)]).when(vote('v', false)).then([voted('v', false)]);
  });

  it('forgets the votes of a deleted review when its author writes again', () => {
    review.given([written(), voted('v', true), deleted(), written()]).when(vote('v', true)).then([voted('v', true)]);
  });

  it('hides a review from the storefront once, with the reason, and shows it again once', () => {
    const hidden: ReviewEvent = { type: 'ReviewHidden', version: 1, data: { ...ids, hiddenBy: 'admin', reason: 'Medical claims' } };
    const shown: ReviewEvent = { type: 'ReviewShown', version: 1, data: { ...ids, shownBy: 'admin' } };
    review.given([written()]).when({ kind: 'hide', adminId: 'admin', reason: 'Medical claims' }).then([hidden]);
    review.given([written(), hidden]).when({ kind: 'hide', adminId: 'admin', reason: 'Again' }).thenNothing();
    review.given([written(), hidden]).when({ kind: 'show', adminId: 'admin' }).then([shown]);
    review.given([written(), hidden, shown]).when({ kind: 'show', adminId: 'admin' }).thenNothing();
    review.given([written(), deleted()]).when({ kind: 'hide', adminId: 'admin', reason: 'Spam' }).thenThrows(NotFoundError, 'Review not found');
  });

  it('records the shop\'s answer', () => {
    review.given([written(), edited(), voted('v', true)]).when(answer).then([answered()]);
  });

  it('knows no review that was never written', () => {
    review.given([]).when(vote('v', true)).thenThrows(NotFoundError, 'Review not found');
  });

  it.each([
    ['edit', edit('author')],
    ['delete', remove('author')],
    ['vote on', vote('v', true)],
    ['answer', answer],
  ])('knows no deleted review to %s', (_, command) => {
    review.given([written(), deleted()]).when(command).thenThrows(NotFoundError, 'Review not found');
  });
});
