/** The customers commands and queries other contexts may send (ordering asks whether a buyer is verified before shipping; the paid mail says what is missing). */
export { BuyerVerificationQuery } from './buyer-verification.query';
export type { BuyerVerification } from './buyer-verification.query';
