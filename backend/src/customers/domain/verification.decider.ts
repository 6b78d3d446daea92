import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { InstitutionVerificationSubmitted, VerificationEvent, VerificationStatus } from '../contract/verification.events';
import { VERIFICATION_MESSAGES } from '../contract/verification-input';

export interface VerificationState {
  customerId: string | null;
  customerEmail: string;
  status: VerificationStatus | null;
}

export type VerificationCommand =
  | { kind: 'submit'; submission: Omit<InstitutionVerificationSubmitted['data'], 'resubmission' | 'submittedAt'>; at: string }
  | { kind: 'approve'; adminId: string; at: string }
  | { kind: 'reject'; adminId: string; reason: string; at: string };

/**
 * Submitted once → approved (the buyer's orders may ship) or rejected (with a reason; the customer may submit
 * again, a resubmission). Only a waiting submission is decided; deciding it again the same way changes nothing.
 */
export const verificationDecider: Decider<VerificationCommand, VerificationState, VerificationEvent> = {
  initialState: { customerId: null, customerEmail: '', status: null },

  evolve(state, event) {
    switch (event.type) {
      case 'InstitutionVerificationSubmitted':
        return { customerId: event.data.customerId, customerEmail: event.data.customerEmail, status: 'submitted' };
      case 'InstitutionVerificationApproved':
        return { ...state, status: 'approved' };
      case 'InstitutionVerificationRejected':
        return { ...state, status: 'rejected' };
    }
  },

  decide(command, state) {
    if (command.kind === 'submit') {
      if (state.status === 'submitted') throw new ConflictError(VERIFICATION_MESSAGES.alreadySubmitted);
      if (state.status === 'approved') throw new ConflictError(VERIFICATION_MESSAGES.alreadyApproved);
      return [{ type: 'InstitutionVerificationSubmitted', version: 1, data: { ...command.submission, resubmission: state.status === 'rejected', submittedAt: command.at } }];
    }
    if (state.customerId === null || state.status === null) throw new NotFoundError(VERIFICATION_MESSAGES.notFound);
    const { customerId, customerEmail } = state;
    switch (command.kind) {
      case 'approve':
        if (state.status === 'approved') return [];
        if (state.status === 'rejected') throw new ConflictError('This verification was rejected; the customer may submit a new one');
        return [{ type: 'InstitutionVerificationApproved', version: 1, data: { customerId, customerEmail, approvedBy: command.adminId, approvedAt: command.at } }];
      case 'reject':
        if (state.status === 'rejected') return [];
        if (state.status === 'approved') throw new ConflictError('This verification is approved already');
        return [{ type: 'InstitutionVerificationRejected', version: 1, data: { customerId, customerEmail, rejectedBy: command.adminId, reason: command.reason, rejectedAt: command.at } }];
    }
  },
};
