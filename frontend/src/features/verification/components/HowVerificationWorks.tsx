import { Link } from 'react-router-dom';
import { useVerificationPolicy } from '../api/verification-queries';

/**
 * What the shop does about institution verification, in one place for the shipping page and the FAQ: asked once,
 * what to send, who sees it, that orders ship once it is approved; or, with VERIFY_BEFORE_SHIPPING=false, that it is not asked.
 */
export function HowVerificationWorks() {
  const policy = useVerificationPolicy();
  if (policy.data?.required === false) {
    return <>This shop does not ask for institution verification: an order ships once it is paid (cash on delivery orders straight away).</>;
  }
  return (
    <>
      Every order ships once its buyer&apos;s institution is verified. You do it once, from your account (<Link to="/dashboard/verification">Institution verification</Link>): your institution, your position
      there, and an institutional e-mail address or a photo of a document that shows your affiliation. Only you and our staff can see what you send. Staff review it and e-mail you the outcome;
      your paid orders ship once it is approved, and if it is not, the e-mail says why and you can submit again. Ordered as a guest? Create an account with the e-mail address you ordered with and confirm
      it: your order moves to your account, where you submit the verification. Your order page and the payment e-mail say what is still missing.
    </>
  );
}

/** The shipping page's short line. */
export function VerificationHighlight() {
  const policy = useVerificationPolicy();
  return <>{policy.data?.required === false ? 'Not asked by this shop: orders ship once paid.' : 'Orders ship once your institution is verified: you submit it once, from your account.'}</>;
}
