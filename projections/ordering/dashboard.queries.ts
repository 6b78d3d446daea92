import { Inject, Injectable } from '@nestjs/common';
import { CRYPTO_PAYMENT_METHOD_IDS, CASH_ON_DELIVERY, isChainPaymentMethod } from '../../backend/src/ordering/contract/checkout-rules';
import { AdminDashboardView } from '../../backend/src/ordering/contract/order.views';
import { RECENT_ORDERS, REVENUE_RULE, STORE_TIME_ZONE, storeDay } from '../../backend/src/ordering/contract/back-office';
import { formatCents } from '../../backend/src/shared/money';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { PRODUCTS_COLLECTION, ProductDocument } from '../catalogue/catalogue.projector';
import { OrderQueries } from './order.queries';
import { figureIds } from './orders.projector';

const METHODS = [...CRYPTO_PAYMENT_METHOD_IDS, CASH_ON_DELIVERY];

/**
 * The back-office dashboard: each figure is read from what the orders projector keeps (a document per
 * figure), so answering costs a few lookups whatever the number of orders. Every figure is defined once:
 * revenue in back-office.ts (REVENUE_RULE), moved per order in orders.projector.ts.
 */
@Injectable()
export class DashboardQueries {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly orders: OrderQueries,
  ) {}

  async dashboard(now = new Date()): Promise<AdminDashboardView> {
    const [revenues, ordersToday, totalProducts, recentOrders] = await Promise.all([
      Promise.all(METHODS.map((method) => this.orders.figure(figureIds.revenue(method), 'cents'))),
      this.orders.figure(figureIds.placedOn(storeDay(now)), 'count'),
      this.readStore.collection<ProductDocument>(PRODUCTS_COLLECTION).count({ isActive: true }),
      this.orders.newest(RECENT_ORDERS),
    ]);
    const byMethod = new Map(METHODS.map((method, index) => [method, revenues[index]]));
    const sum = (methods: string[]) => methods.reduce((total, method) => total + (byMethod.get(method) ?? 0), 0);
    return {
      totalProducts,
      ordersToday,
      totalRevenue: formatCents(sum(METHODS)),
      cryptoPayments: formatCents(sum(METHODS.filter(isChainPaymentMethod))),
      revenueByPaymentMethod: Object.fromEntries(METHODS.map((method) => [method, formatCents(byMethod.get(method) ?? 0)])),
      revenueRule: REVENUE_RULE,
      storeTimeZone: STORE_TIME_ZONE,
      recentOrders,
    };
  }
}
