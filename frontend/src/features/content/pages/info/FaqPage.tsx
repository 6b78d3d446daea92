import { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CRYPTO_PAYMENT_METHODS, SHIPPING_METHODS } from '../../../../../../backend/src/ordering/contract/checkout-rules';
import { formatAud } from '../../../../lib/currencies';
import { CHAT_APP_NAME, CHAT_LINK, FREE_SHIPPING_OVER_AUD, MINIMUM_AGE } from '../../../../lib/shop';
import { InfoPage } from './InfoPage';
import { HowVerificationWorks } from '../../../verification';

interface Question {
  question: string;
  answer: ReactNode;
}

const { regular, express, cash_on_delivery: cashOnDelivery } = SHIPPING_METHODS;

const QUESTIONS: Question[] = [
  {
    question: 'Which payment methods do you accept?',
    answer: (
      <>
        <p>We accept these cryptocurrencies:</p>
        <ul>
          {Object.values(CRYPTO_PAYMENT_METHODS).map((method) => (
            <li key={method.label}>{method.label}</li>
          ))}
        </ul>
        <p>Cash on Delivery is also available for addresses in the Sydney metropolitan area.</p>
      </>
    ),
  },
  {
    question: 'How long does a crypto payment take to confirm?',
    answer: (
      <p>
        Usually 10–30 minutes, depending on how busy the network is. The payment page checks the status automatically and tells you as soon as the
        payment is confirmed; you can also follow it from your order in <Link to="/dashboard">My Orders</Link>. Send the exact amount shown to the
        wallet address on the payment page.
      </p>
    ),
  },
  {
    question: 'Can your products be used by people or animals?',
    answer: (
      <p>
        No. Every product is sold strictly for laboratory research use. They are not for human or animal consumption, not medicines, and we make no
        medical claims. Orders that suggest any other use may be cancelled without notice.
      </p>
    ),
  },
  {
    question: 'Who may buy from the shop?',
    answer: (
      <p>
        Buyers must be at least {MINIMUM_AGE} years old and qualified professionals or affiliated with a research institution. By ordering you confirm
        that you meet these requirements and will handle the products according to the laws that apply to you.
      </p>
    ),
  },
  {
    question: 'Why do you ask for institution verification?',
    answer: (
      <p>
        It keeps research compounds with the researchers they are meant for. <HowVerificationWorks />
      </p>
    ),
  },
  {
    question: 'How long does shipping take?',
    answer: (
      <>
        <ul>
          <li>
            {regular.label}: {regular.delivery} ({formatAud(regular.costCents)})
          </li>
          <li>
            {express.label}: {express.delivery} ({formatAud(express.costCents)})
          </li>
          <li>
            {cashOnDelivery.label}: {cashOnDelivery.delivery.toLowerCase()} ({formatAud(cashOnDelivery.costCents)})
          </li>
        </ul>
        <p>
          Free shipping on orders over {formatAud(FREE_SHIPPING_OVER_AUD * 100)}. Details are on our <Link to="/shipping">shipping page</Link>.
        </p>
      </>
    ),
  },
  {
    question: 'How do referral codes work?',
    answer: (
      <p>
        Enter the code in the referral code field at checkout. A valid code takes its percentage off the subtotal of your products before shipping,
        and the order summary shows the discount before you pay. Each order takes one code.
      </p>
    ),
  },
  {
    question: 'Can I return a product?',
    answer: (
      <p>
        Unopened, unused products can be returned within 30 days of delivery with their original documentation and our prior authorization: ask with{' '}
        <strong>Return items</strong> on the delivered order's page. See the <Link to="/returns">returns policy</Link>.
      </p>
    ),
  },
  {
    question: 'How do I reach you?',
    answer: (
      <p>
        Message us on{' '}
        <a href={CHAT_LINK} target="_blank" rel="noopener noreferrer">
          {CHAT_APP_NAME} (opens in a new tab)
        </a>
        . Signed-in customers can also open a support case from <Link to="/dashboard">their dashboard</Link>.
      </p>
    ),
  },
];

export default function FaqPage() {
  return (
    <InfoPage title="Frequently Asked Questions" lead="Answers about payment, shipping, research-use requirements and your orders.">
      <div className="faq-list">
        {QUESTIONS.map((item) => (
          <details key={item.question} className="faq-item">
            <summary>{item.question}</summary>
            <div className="faq-answer">{item.answer}</div>
          </details>
        ))}
      </div>
    </InfoPage>
  );
}
