import { createContext, ReactNode, useCallback, useContext, useMemo } from 'react';
import { Currency, CurrencyCode, DEFAULT_CURRENCY, findCurrency, formatInCurrency } from '../lib/currencies';
import { Cents } from '../lib/money';
import { useBrowserStoredState } from '../hooks/useBrowserStoredState';

export const CURRENCY_STORAGE_KEY = 'peptide-research-supply:currency';

interface CurrencyContextValue {
  currency: Currency;
  setCurrency(code: CurrencyCode): void;
  /** An AUD amount in cents in the selected display currency. */
  format(cents: Cents): string;
}

const CurrencyContext = createContext<CurrencyContextValue | null>(null);
const parseCurrencyCode = (raw: unknown) => (typeof raw === 'string' ? findCurrency(raw)?.code : undefined);
const defaultCode = () => DEFAULT_CURRENCY.code;

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const [code, setCode] = useBrowserStoredState<CurrencyCode>(CURRENCY_STORAGE_KEY, parseCurrencyCode, defaultCode);
  const currency = findCurrency(code) ?? DEFAULT_CURRENCY;
  const setCurrency = useCallback((next: CurrencyCode) => setCode(findCurrency(next)?.code ?? DEFAULT_CURRENCY.code), [setCode]);
  const value = useMemo(() => ({ currency, setCurrency, format: (cents: Cents) => formatInCurrency(cents, currency) }), [currency, setCurrency]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

export function useCurrency(): CurrencyContextValue {
  const value = useContext(CurrencyContext);
  if (!value) throw new Error('useCurrency needs a CurrencyProvider');
  return value;
}
