import { Link, useLocation } from 'react-router-dom';
import { DEFAULT_PAYMENT_WINDOW_MINUTES } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { CHAT_APP_NAME, MINIMUM_AGE, SHOP_NAME } from '../../../lib/shop';
import { InfoPage } from './info/InfoPage';

/**
 * `/privacy` and `/terms` (issue 22), rendered on the server: what the shop really stores and why, and its terms of
 * sale. Each statement here describes what the code does (the README's Security and Analytics sections say how).
 */
export default function LegalPage() {
  const { pathname } = useLocation();
  return pathname.replace(/\/+$/, '').toLowerCase() === '/terms' ? <Terms /> : <Privacy />;
}

function Privacy() {
  return (
    <InfoPage title="Privacy" lead={`What ${SHOP_NAME} stores about you, why, and for how long. We sell nothing about you to anyone and show no third-party advertising.`}>
      <section className="stack" aria-labelledby="privacy-account">
        <h2 id="privacy-account">Your account</h2>
        <p>
          Your name and e-mail address, and whether you confirmed the address. Your password is never stored: only an argon2id hash of it. Saved shipping addresses stay until you remove
          them in account settings. The shop's cookies only make it work: your session (30 days from your last visit), a hint that you are signed in, and a mark that this browser
          signed in before (so that someone guessing your password elsewhere never locks you out). There are no tracking or advertising cookies. Your cart and display currency are
          kept in your own browser.
        </p>
      </section>
      <section className="stack" aria-labelledby="privacy-orders">
        <h2 id="privacy-orders">Your orders</h2>
        <p>
          Each order keeps what is needed to deliver it and to account for it: the products and prices, the e-mail address, the name, phone number and address it ships to, how it was
          paid (for crypto, the public transaction on the blockchain), and its history (shipped, cancelled, refunded). Orders are kept for the business records the law requires, also
          when an account is no longer used. A guest's order becomes part of their account when they sign up with the same confirmed address.
        </p>
      </section>
      <section className="stack" aria-labelledby="privacy-analytics">
        <h2 id="privacy-analytics">Analytics without cookies</h2>
        <p>
          We count page views and the steps of checkout to improve the shop. No cookie is set for this: a visit is recognised within one day only, by a hash of your network address and
          browser name mixed with a random value that is thrown away after the day, so visits cannot be linked from one day to the next and the address itself is not stored.
        </p>
      </section>
      <section className="stack" aria-labelledby="privacy-messages">
        <h2 id="privacy-messages">Messages, images and e-mail</h2>
        <p>
          Support cases keep your messages and the images you attach; only you and our staff can open them. An image uploaded but never attached is deleted within a few hours. Every
          e-mail we send (order updates, support replies, confirmation and password links) is kept in our outbox, with the secret part of any link masked.
        </p>
      </section>
      <section className="stack" aria-labelledby="privacy-security">
        <h2 id="privacy-security">Security and limits</h2>
        <p>
          To stop guessing and flooding, the shop counts requests per network address for short windows (minutes to an hour) and remembers failed sign-ins per account. Server logs record
          each request (its time, path, network address and an id) for troubleshooting and security; passwords never appear in them.
        </p>
      </section>
      <section className="stack" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your choices</h2>
        <p>
          You can change your password and saved addresses in <Link to="/dashboard/account">account settings</Link>. To see what we hold about you, to correct it or to close your
          account, contact us through a <Link to="/dashboard/support">support case</Link> or on {CHAT_APP_NAME}.
        </p>
      </section>
    </InfoPage>
  );
}

function Terms() {
  return (
    <InfoPage title="Terms of sale" lead={`The terms on which ${SHOP_NAME} sells. By placing an order you accept them.`}>
      <section className="stack" aria-labelledby="terms-use">
        <h2 id="terms-use">Research use only</h2>
        <p>
          Every product is supplied for in-vitro laboratory research only. Nothing is for human or animal consumption, and nothing on this site is a claim that a product diagnoses,
          treats, cures or prevents any disease. Buyers must be {MINIMUM_AGE} or older and qualified researchers or affiliated with a research institution; we may ask for proof before
          shipping and may cancel an order we suspect is for improper use, refunding what was paid. The buyer is responsible for complying with the laws that apply to them.
        </p>
      </section>
      <section className="stack" aria-labelledby="terms-prices">
        <h2 id="terms-prices">Prices and payment</h2>
        <p>
          Prices are in Australian dollars; the total at checkout is computed by our server and is what you pay. Crypto payments are quoted in the coin you choose at the moment you
          choose it; an unpaid crypto order is held for {DEFAULT_PAYMENT_WINDOW_MINUTES} minutes (once extended by a new quote), then cancelled and its items released. Cash on delivery is
          available in the Sydney metropolitan area and is paid to the courier.
        </p>
      </section>
      <section className="stack" aria-labelledby="terms-shipping">
        <h2 id="terms-shipping">Shipping</h2>
        <p>
          We ship within Australia only, tracked and in plain packaging; see <Link to="/shipping">Shipping</Link>.
        </p>
      </section>
      <section className="stack" aria-labelledby="terms-cancel">
        <h2 id="terms-cancel">Cancellations, returns and refunds</h2>
        <p>
          You can cancel an order yourself from its page while it is unpaid. A paid order is cancelled by us on request with a refund, while it has not been prepared. Returns follow
          our <Link to="/returns">returns policy</Link>. Crypto refunds are sent in the coin you paid with to an address you give us, and the order shows the refund.
        </p>
      </section>
      <section className="stack" aria-labelledby="terms-privacy">
        <h2 id="terms-privacy">Privacy</h2>
        <p>
          What we store about you is described on the <Link to="/privacy">privacy page</Link>.
        </p>
      </section>
    </InfoPage>
  );
}
