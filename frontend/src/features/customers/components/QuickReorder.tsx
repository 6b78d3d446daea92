import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useFetchProduct } from '../../ordering';
import { useCart } from '../../cart';
import { useToast } from '../../../state/toast';
import { formatDate } from '../../../lib/dates';
import type { OrderHistoryEntry } from './customer-data';
import { Button } from '../../../components/ui/Button';

/** One click puts a previously ordered product back in the cart, as many as its latest order held, at its current price and stock. */
export function QuickReorder({ entries }: { entries: OrderHistoryEntry[] }) {
  const cart = useCart();
  const toast = useToast();
  const fetchProduct = useFetchProduct();
  const [adding, setAdding] = useState<number | null>(null);

  const reorder = async (entry: OrderHistoryEntry) => {
    setAdding(entry.productId);
    try {
      const product = await fetchProduct(entry.productId);
      const room = product.stock - (cart.getLine(product.id)?.quantity ?? 0);
      if (room <= 0) {
        toast({ title: 'Error', description: product.stock === 0 ? `${product.name} is out of stock.` : `All available stock of ${product.name} is in your cart.`, variant: 'destructive' });
        return;
      }
      cart.add(product, Math.min(entry.lastQuantity, room));
      toast({ title: 'Added to Cart', description: `${product.name} has been added to your cart.`, variant: 'success' });
    } catch {
      toast({ title: 'Error', description: 'Failed to add product to cart.', variant: 'destructive' });
    } finally {
      setAdding(null);
    }
  };

  return (
    <ul className="reorder-list">
      {entries.map((entry) => (
        <li key={entry.productId} className="row between gap">
          <span className="reorder-entry">
            <span className="reorder-name">{entry.name}</span>
            <span className="muted small">
              Last ordered {formatDate(entry.lastOrderDate)} · {entry.quantity} in all
            </span>
          </span>
          <Button variant="outline" size="sm" disabled={adding === entry.productId} onClick={() => reorder(entry)} aria-label={`Reorder ${entry.lastQuantity} × ${entry.name}`}>
            <RotateCcw size={16} aria-hidden /> {adding === entry.productId ? 'Adding…' : `Reorder ×${entry.lastQuantity}`}
          </Button>
        </li>
      ))}
    </ul>
  );
}
