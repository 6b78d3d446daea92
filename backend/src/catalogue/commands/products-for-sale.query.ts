import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productStream } from '../contract/catalogue.events';
import { ProductForSale } from '../contract/catalogue.views';
import { productDecider } from '../domain/product.decider';

/** The products asked for that exist and are active, in the order asked; the others are left out. */
export class ProductsForSale extends Query<ProductForSale[]> {
  constructor(readonly productIds: number[]) {
    super();
  }
}

@QueryHandler(ProductsForSale)
export class ProductsForSaleHandler implements IQueryHandler<ProductsForSale> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ productIds }: ProductsForSale): Promise<ProductForSale[]> {
    const found: ProductForSale[] = [];
    for (const productId of productIds) {
      const { state } = await this.streams.load(productStream(productId), productDecider);
      if (!state.exists || !state.isActive || !state.pricing || !state.details) continue;
      found.push({ productId, name: state.name, sku: state.details.sku, ...state.pricing, stock: state.stock });
    }
    return found;
  }
}
