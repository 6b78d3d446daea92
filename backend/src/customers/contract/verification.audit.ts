import { VerificationEvent } from './verification.events';

/** Verification events as the audit trail tells them to a person. */
export function describeVerificationEvent(event: VerificationEvent): string {
  switch (event.type) {
    case 'InstitutionVerificationSubmitted': {
      const { customerName, institution, position, institutionEmail, documentUploadId, resubmission } = event.data;
      const proofs = [institutionEmail === null ? null : `e-mail ${institutionEmail}`, documentUploadId === null ? null : 'a document photo'].filter(Boolean).join(' and ');
      return `${customerName} ${resubmission ? 'resubmitted' : 'submitted'} institution verification: ${position} at ${institution} (${proofs})`;
    }
    case 'InstitutionVerificationApproved':
      return `Institution verification of ${event.data.customerEmail} approved`;
    case 'InstitutionVerificationRejected':
      return `Institution verification of ${event.data.customerEmail} rejected: ${event.data.reason}`;
  }
}
