/** The notifications commands other parts of the shop may send. */
export { SendEmailVerification } from './send-email-verification.command';
export { SendEmailChangeNotice, SendPasswordChangedNotice, SendPasswordResetLink } from './send-password-emails.command';
export { SendLowStockAlert } from './send-low-stock-alert.command';
export { ForgetRecipient } from './forget-recipient.command';
export { SendStaffInvitation } from './send-staff-invitation.command';
