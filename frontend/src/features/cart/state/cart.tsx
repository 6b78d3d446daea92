import { createContext, ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { Product } from '../../../api/types';
import { recordAddToCart } from '../../../lib/analytics';
import { useBrowserStoredState } from '../../../hooks/useBrowserStoredState';
import { addLine, CartLine, parseSavedCart, removeLine, setLineQuantity, totalItems, totalPriceCents, totalSavingsCents } from './cart-lines';

export const CART_STORAGE_KEY = 'peptide-research-supply:cart';

interface CartContextValue {
  lines: CartLine[];
  totalItems: number;
  totalPriceCents: number;
  totalSavingsCents: number;
  isOpen: boolean;
  open(): void;
  close(): void;
  add(product: Product, quantity?: number): void;
  setQuantity(productId: number, quantity: number): void;
  remove(productId: number): void;
  clear(): void;
  isInCart(productId: number): boolean;
  getLine(productId: number): CartLine | undefined;
}

const CartContext = createContext<CartContextValue | null>(null);
const noLines = (): CartLine[] => [];

export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useBrowserStoredState<CartLine[]>(CART_STORAGE_KEY, parseSavedCart, noLines);
  const [isOpen, setOpen] = useState(false);

  const add = useCallback((product: Product, quantity = 1) => {
    setLines((current) => addLine(current, product, quantity));
    recordAddToCart(product.id, quantity);
  }, []);
  const setQuantity = useCallback((productId: number, quantity: number) => setLines((current) => setLineQuantity(current, productId, quantity)), []);
  const remove = useCallback((productId: number) => setLines((current) => removeLine(current, productId)), []);
  const clear = useCallback(() => setLines([]), []);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);

  const value = useMemo<CartContextValue>(
    () => ({
      lines,
      totalItems: totalItems(lines),
      totalPriceCents: totalPriceCents(lines),
      totalSavingsCents: totalSavingsCents(lines),
      isOpen,
      open,
      close,
      add,
      setQuantity,
      remove,
      clear,
      isInCart: (productId) => lines.some((line) => line.product.id === productId),
      getLine: (productId) => lines.find((line) => line.product.id === productId),
    }),
    [lines, isOpen, open, close, add, setQuantity, remove, clear],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a CartProvider');
  return value;
}
