import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Currency, CurrencyCode, DEFAULT_CURRENCY, findCurrency, formatInCurrency } from '../lib/currencies';
import { Cents } from '../lib/money';
import { readStored, writeStored } from '../lib/storage';

export const CURRENCY_STORAGE_KEY = 'peptide-research-supply:currency';

interface CurrencyContextValue {
  currency: Currency;
  setCurrency(code: CurrencyCode): void;
  /** An AUD amount in cents in the selected display currency. */
  format(cents: Cents): string;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [currency, setSelected] = useState<Currency>(
    () => readStored(CURRENCY_STORAGE_KEY, (raw) => (typeof raw === 'string' ? findCurrency(raw) : undefined)) ?? DEFAULT_CURRENCY,
  );
  useEffect(() => writeStored(CURRENCY_STORAGE_KEY, currency.code), [currency]);
  const setCurrency = useCallback((code: CurrencyCode) => setSelected(findCurrency(code) ?? DEFAULT_CURRENCY), []);
  const value = useMemo(() => ({ currency, setCurrency, format: (cents: Cents) => formatInCurrency(cents, currency) }), [currency, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency needs a CurrencyProvider');
  return value;
}
