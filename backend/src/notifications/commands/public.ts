/** The notifications commands other parts of the shop may send. */
export { SendEmailVerification } from './send-email-verification.command';
export { SendPasswordChangedNotice, SendPasswordResetLink } from './send-password-emails.command';
export { SendLowStockAlert } from './send-low-stock-alert.command';
