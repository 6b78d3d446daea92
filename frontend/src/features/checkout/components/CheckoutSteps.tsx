const STEPS = [
  { id: 'info', label: 'Information' },
  { id: 'payment', label: 'Payment' },
] as const;

export function CheckoutSteps({ current }: { current: (typeof STEPS)[number]['id'] }) {
  return (
    <ol className="checkout-steps" aria-label="Checkout progress">
      {STEPS.map((step, index) => (
        <li key={step.id} className={step.id === current ? 'current' : undefined} aria-current={step.id === current ? 'step' : undefined}>
          <span className="checkout-step-number" aria-hidden>
            {index + 1}
          </span>
          {step.label}
        </li>
      ))}
    </ol>
  );
}
