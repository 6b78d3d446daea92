import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../../shared/errors';
import { ReviewContent, ReviewEvent } from '../contract/review.events';

export interface ReviewState {
  reviewId: string | null;
  productId: number | null;
  authorId: string | null;
  live: boolean;
  hidden: boolean;
  votes: Record<string, boolean>;
}

export type ReviewCommand =
  | { kind: 'write'; reviewId: string; productId: number; authorId: string; authorName: string; verified: boolean; content: ReviewContent }
  | { kind: 'edit'; actorId: string; content: ReviewContent }
  | { kind: 'delete'; actorId: string }
  | { kind: 'vote'; voterId: string; isHelpful: boolean }
  | { kind: 'answer'; adminId: string; response: string }
  | { kind: 'hide'; adminId: string; reason: string }
  | { kind: 'show'; adminId: string };

export const ALREADY_REVIEWED = 'You have already reviewed this product. You can edit your review instead.';

export const reviewDecider: Decider<ReviewCommand, ReviewState, ReviewEvent> = {
  initialState: { reviewId: null, productId: null, authorId: null, live: false, hidden: false, votes: {} },

  evolve(state, event) {
    switch (event.type) {
      case 'ReviewWritten':
        return { reviewId: event.data.reviewId, productId: event.data.productId, authorId: event.data.authorId, live: true, hidden: false, votes: {} };
      case 'ReviewDeleted':
        return { ...state, live: false };
      case 'ReviewVoted':
        return { ...state, votes: { ...state.votes, [event.data.voterId]: event.data.isHelpful } };
      case 'ReviewHidden':
        return { ...state, hidden: true };
      case 'ReviewShown':
        return { ...state, hidden: false };
      case 'ReviewEdited':
      case 'ReviewAnswered':
        return state;
    }
  },

  decide(command, state) {
    if (command.kind === 'write') {
      if (state.live) throw new ConflictError(ALREADY_REVIEWED);
      const { reviewId, productId, authorId, authorName, verified, content } = command;
      return [{ type: 'ReviewWritten', version: 1, data: { reviewId, productId, authorId, authorName, verified, ...content } }];
    }
    if (!state.live || state.reviewId === null || state.productId === null) throw new NotFoundError('Review not found');
    const { reviewId, productId } = state;
    switch (command.kind) {
      case 'edit':
        if (command.actorId !== state.authorId) throw new ForbiddenError('Only the author may edit this review');
        return [{ type: 'ReviewEdited', version: 1, data: { reviewId, productId, ...command.content } }];
      case 'delete':
        if (command.actorId !== state.authorId) throw new ForbiddenError('Only the author may delete this review');
        return [{ type: 'ReviewDeleted', version: 1, data: { reviewId, productId, deletedBy: command.actorId } }];
      case 'vote':
        if (command.voterId === state.authorId) throw new ForbiddenError('You cannot vote on your own review');
        if (state.votes[command.voterId] === command.isHelpful) return [];
        return [{ type: 'ReviewVoted', version: 1, data: { reviewId, productId, voterId: command.voterId, isHelpful: command.isHelpful } }];
      case 'answer':
        return [{ type: 'ReviewAnswered', version: 1, data: { reviewId, productId, response: command.response, answeredBy: command.adminId } }];
      case 'hide':
        return state.hidden ? [] : [{ type: 'ReviewHidden', version: 1, data: { reviewId, productId, hiddenBy: command.adminId, reason: command.reason } }];
      case 'show':
        return state.hidden ? [{ type: 'ReviewShown', version: 1, data: { reviewId, productId, shownBy: command.adminId } }] : [];
    }
  },
};
