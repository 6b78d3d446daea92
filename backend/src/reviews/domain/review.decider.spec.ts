import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/errors';
import { ReviewEvent } from '../contract/review.events';
import { ReviewCommand, reviewDecider, ReviewState } from './review.decider';

const content = { rating: 5, title: 'Consistent purity', content: 'HPLC matched the certificate.', pros: ['pure'], cons: [] };
const written: ReviewEvent = {
  type: 'ReviewWritten',
  version: 1,
  data: { reviewId: 'r1', productId: 3, authorId: 'author', authorName: 'Ada Lovelace', verified: false, ...content },
};
const given = (...events: ReviewEvent[]): ReviewState => events.reduce(reviewDecider.evolve, reviewDecider.initialState);
const decide = (command: ReviewCommand, state: ReviewState) => reviewDecider.decide(command, state);
const write: ReviewCommand = { kind: 'write', reviewId: 'r1', productId: 3, authorId: 'author', authorName: 'Ada Lovelace', verified: false, content };

describe('review decider', () => {
  it('rejects a second review of the same product by the same user', () => {
    expect(decide(write, given())).toHaveLength(1);
    expect(() => decide(write, given(written))).toThrow(ConflictError);
  });

  it('lets an author review again after deleting the review', () => {
    const deleted: ReviewEvent = { type: 'ReviewDeleted', version: 1, data: { reviewId: 'r1', productId: 3, deletedBy: 'author' } };
    expect(decide(write, given(written, deleted)).map((e) => e.type)).toEqual(['ReviewWritten']);
  });

  it('lets only the author edit or delete', () => {
    expect(() => decide({ kind: 'edit', actorId: 'someone', content }, given(written))).toThrow(ForbiddenError);
    expect(() => decide({ kind: 'delete', actorId: 'someone' }, given(written))).toThrow(ForbiddenError);
    expect(decide({ kind: 'delete', actorId: 'author' }, given(written)).map((e) => e.type)).toEqual(['ReviewDeleted']);
  });

  it('refuses votes on one\'s own review and records one opinion per voter', () => {
    expect(() => decide({ kind: 'vote', voterId: 'author', isHelpful: true }, given(written))).toThrow(ForbiddenError);
    const voted: ReviewEvent = { type: 'ReviewVoted', version: 1, data: { reviewId: 'r1', productId: 3, voterId: 'v', isHelpful: true } };
    expect(decide({ kind: 'vote', voterId: 'v', isHelpful: true }, given(written, voted))).toEqual([]);
    expect(decide({ kind: 'vote', voterId: 'v', isHelpful: false }, given(written, voted))[0].data).toMatchObject({ isHelpful: false });
  });

  it('knows no review that was never written', () => {
    expect(() => decide({ kind: 'vote', voterId: 'v', isHelpful: true }, given())).toThrow(NotFoundError);
  });
});
