import { AUSTRALIAN_STATES } from '../../../backend/src/ordering/contract/checkout-rules';

/** The `<option>`s of an Australian state select (checkout, saved addresses): the server's own list. */
export function AustralianStateOptions() {
  return (
    <>
      {AUSTRALIAN_STATES.map((state) => (
        <option key={state} value={state}>
          {state}
        </option>
      ))}
    </>
  );
}
