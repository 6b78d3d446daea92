import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { VerificationEvent } from '../contract/verification.events';
import { VERIFICATION_MESSAGES } from '../contract/verification-input';
import { VerificationCommand, verificationDecider } from './verification.decider';

const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-01T11:00:00.000Z';
const submission = {
  customerId: 'customer-1',
  customerEmail: 'ada@example.com',
  customerName: 'Ada Lovelace',
  institution: 'University of Sydney',
  position: 'Postdoctoral researcher',
  institutionEmail: 'ada@sydney.edu.au',
  documentUploadId: null,
};

const submitted = (resubmission = false): VerificationEvent => ({ type: 'InstitutionVerificationSubmitted', version: 1, data: { ...submission, resubmission, submittedAt: at } });
const approved = (): VerificationEvent => ({ type: 'InstitutionVerificationApproved', version: 1, data: { customerId: 'customer-1', customerEmail: 'ada@example.com', approvedBy: 'admin-1', approvedAt: later } });
const rejected = (): VerificationEvent => ({
  type: 'InstitutionVerificationRejected',
  version: 1,
  data: { customerId: 'customer-1', customerEmail: 'ada@example.com', rejectedBy: 'admin-1', reason: 'The document is unreadable', rejectedAt: later },
});

const submit: VerificationCommand = { kind: 'submit', submission, at };
const approve: VerificationCommand = { kind: 'approve', adminId: 'admin-1', at: later };
const reject: VerificationCommand = { kind: 'reject', adminId: 'admin-1', reason: 'The document is unreadable', at: later };

const verification = DeciderSpecification.for(verificationDecider);

describe('institution verification decider', () => {
  it('takes a submission once while it waits for review, and never after approval', () => {
    verification.given([]).when(submit).then([submitted()]);
    verification.given([submitted()]).when(submit).thenThrows(ConflictError, VERIFICATION_MESSAGES.alreadySubmitted);
    verification.given([submitted(), approved()]).when(submit).thenThrows(ConflictError, VERIFICATION_MESSAGES.alreadyApproved);
  });

  it('takes a new submission after a rejection, recorded as a resubmission', () => {
    verification.given([submitted(), rejected()]).when(submit).then([submitted(true)]);
  });

  it('approves or rejects a waiting submission, once', () => {
    verification.given([submitted()]).when(approve).then([approved()]);
    verification.given([submitted()]).when(reject).then([rejected()]);
    verification.given([submitted(), approved()]).when(approve).thenNothing();
    verification.given([submitted(), rejected()]).when(reject).thenNothing();
  });

  it('does not turn a decision around: a rejected customer submits again, an approved one stays approved', () => {
    verification.given([submitted(), rejected()]).when(approve).thenThrows(ConflictError);
    verification.given([submitted(), approved()]).when(reject).thenThrows(ConflictError);
  });

  it('knows no verification that was never submitted', () => {
    verification.given([]).when(approve).thenThrows(NotFoundError, VERIFICATION_MESSAGES.notFound);
    verification.given([]).when(reject).thenThrows(NotFoundError, VERIFICATION_MESSAGES.notFound);
  });

  it('is waiting, approved or rejected after each step', () => {
    const status = (events: VerificationEvent[]) => events.reduce(verificationDecider.evolve, verificationDecider.initialState).status;
    expect(status([])).toBeNull();
    expect(status([submitted()])).toBe('submitted');
    expect(status([submitted(), approved()])).toBe('approved');
    expect(status([submitted(), rejected(), submitted(true)])).toBe('submitted');
  });
});
