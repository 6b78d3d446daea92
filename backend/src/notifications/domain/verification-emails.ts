import { InstitutionVerificationApproved, InstitutionVerificationRejected } from '../../customers/contract/verification.events';
import { BuyerVerificationStanding } from '../../ordering/contract/shipping-verification';
import { EmailContent, SIGNATURE } from './order-emails';

/** Where a customer submits their institution verification (the account area's Verification page). */
export const verificationPageUrl = (shopOrigin: string) => `${shopOrigin}/dashboard/verification`;

const WHAT_TO_SEND = 'your institution, your position there, and an institutional e-mail address or a photo of a document that shows your affiliation (only you and our staff can see it)';

/**
 * What the paid mail says is missing before the order can ship (nothing when the shop does not ask, or the buyer
 * is verified): a guest signs up and claims the order first; a customer submits, waits, or submits again.
 */
export function verificationNeededLines(standing: BuyerVerificationStanding, guest: boolean, shopOrigin: string): string[] {
  if (standing === 'not-required' || standing === 'approved') return [];
  const page = verificationPageUrl(shopOrigin);
  const ships = 'We ship research compounds only to verified researchers: your order ships once our staff approve your verification.';
  if (guest) {
    return [
      'Before we can ship: verify your institution.',
      ships,
      `Create an account with this e-mail address at ${shopOrigin}/auth, confirm the address (your guest orders then appear on your dashboard), and submit ${WHAT_TO_SEND} at ${page}.`,
    ];
  }
  if (standing === 'submitted') return ['Your institution verification is waiting for review: your order ships once our staff approve it.'];
  if (standing === 'rejected') return ['Before we can ship: your institution verification was not approved.', ships, `Please submit a new one at ${page}.`];
  return ['Before we can ship: verify your institution.', ships, `Please submit ${WHAT_TO_SEND} at ${page}.`];
}

export function verificationApprovedEmail(approval: InstitutionVerificationApproved['data'], firstName: string): EmailContent {
  return {
    subject: 'Your institution is verified',
    text: [`Hello ${firstName},`, '', 'We approved your institution verification. Your paid orders ship now, and future orders ship as soon as they are paid.', '', SIGNATURE].join('\n'),
  };
}

export function verificationRejectedEmail(rejection: InstitutionVerificationRejected['data'], firstName: string, shopOrigin: string): EmailContent {
  return {
    subject: 'Your institution verification was not approved',
    text: [
      `Hello ${firstName},`,
      '',
      'We could not approve your institution verification:',
      '',
      rejection.reason,
      '',
      `Your orders wait until a verification is approved. Please submit a new one at ${verificationPageUrl(shopOrigin)}.`,
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
