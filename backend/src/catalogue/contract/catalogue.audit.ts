import { CategoryEvent, ProductEvent } from './catalogue.events';

/** Product and category events as the audit trail tells them to a person. */
export function describeCatalogueEvent(event: ProductEvent | CategoryEvent): string {
  switch (event.type) {
    case 'ProductCreated':
      return `Product created: ${event.data.name} (SKU ${event.data.sku}), A$${event.data.price}, stock ${event.data.stock}, ${event.data.isActive ? 'active' : 'inactive'}`;
    case 'ProductDetailsChanged':
      return `Details changed: ${Object.entries(event.data.changes)
        .map(([field, value]) => `${field} → ${Array.isArray(value) ? value.join(', ') || 'none' : (value ?? 'none')}`)
        .join('; ')}`;
    case 'ProductPricingChanged':
      return `Price set to A$${event.data.price}${event.data.isOnSale ? `, on sale at A$${event.data.salePrice}` : ', not on sale'}`;
    case 'ProductActivated':
      return 'Product activated';
    case 'ProductDeactivated':
      return 'Product deactivated';
    case 'ProductRemoved':
      return `Product deleted (no order ever held it); SKU ${event.data.sku} freed`;
    case 'StockAdjusted':
      return `Stock ${event.data.delta > 0 ? '+' : ''}${event.data.delta} (${event.data.reason}); now ${event.data.stockAfter}`;
    case 'StockReserved':
      return `${event.data.quantity} held for order #${event.data.orderId}; ${event.data.stockAfter} left`;
    case 'StockReleased':
      return `${event.data.quantity} released from order #${event.data.orderId} (${event.data.reason}); ${event.data.stockAfter} left`;
    case 'CategoryCreated':
      return `Category created: ${event.data.name}`;
    case 'CategoryDetailsChanged':
      return `Category renamed: ${event.data.name}`;
    case 'CategoryRemoved':
      return `Category removed: ${event.data.name}`;
    case 'CategoryDeactivated':
      return `Category deactivated: ${event.data.name} (it still holds ${event.data.products} product${event.data.products === 1 ? '' : 's'}; hidden from the storefront)`;
  }
}
