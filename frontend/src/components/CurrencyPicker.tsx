import { CURRENCIES, CurrencyCode } from '../lib/currencies';
import { useCurrency } from '../state/currency';

export function CurrencyPicker({ compact = false }: { compact?: boolean }) {
  const { currency, setCurrency } = useCurrency();
  return (
    <label className={`currency-picker${compact ? ' compact' : ''}`}>
      <span className="sr-only">Display currency</span>
      <select value={currency.code} onChange={(event) => setCurrency(event.target.value as CurrencyCode)} aria-label="Display currency">
        {CURRENCIES.map((option) => (
          <option key={option.code} value={option.code}>
            {compact ? `${option.symbol} ${option.code}` : `${option.code} — ${option.name}`}
          </option>
        ))}
      </select>
    </label>
  );
}
