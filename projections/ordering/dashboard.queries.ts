import { Inject, Injectable } from '@nestjs/common';
import { CRYPTO_PAYMENT_METHOD_IDS, isCryptoPaymentMethod } from '../../backend/src/ordering/contract/checkout-rules';
import { AdminDashboardView } from '../../backend/src/ordering/contract/order.views';
import { RECENT_ORDERS, REVENUE_RULE, revenueCents, STORE_TIME_ZONE, storeDay } from '../../backend/src/ordering/contract/back-office';
import { formatCents } from '../../backend/src/shared/money';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { PRODUCTS_COLLECTION, ProductDocument } from '../catalogue/catalogue.projector';
import { OrderQueries } from './order.queries';

/** The back-office dashboard, from the orders and catalogue read models; every figure is defined here once. */
@Injectable()
export class DashboardQueries {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly orders: OrderQueries,
  ) {}

  async dashboard(now = new Date()): Promise<AdminDashboardView> {
    const orders = await this.orders.list();
    const today = storeDay(now);
    const byMethod = new Map<string, number>();
    let ordersToday = 0;
    for (const order of orders) {
      if (order.status !== 'cancelled' && storeDay(new Date(order.createdAt)) === today) ordersToday += 1;
      const cents = revenueCents(order);
      if (cents > 0) byMethod.set(order.paymentMethod, (byMethod.get(order.paymentMethod) ?? 0) + cents);
    }
    const sum = (methods: string[]) => methods.reduce((total, method) => total + (byMethod.get(method) ?? 0), 0);
    return {
      totalProducts: await this.readStore.collection<ProductDocument>(PRODUCTS_COLLECTION).count({ isActive: true }),
      ordersToday,
      totalRevenue: formatCents(sum([...byMethod.keys()])),
      cryptoPayments: formatCents(sum([...byMethod.keys()].filter(isCryptoPaymentMethod))),
      revenueByPaymentMethod: Object.fromEntries([...CRYPTO_PAYMENT_METHOD_IDS, 'cash_on_delivery'].map((method) => [method, formatCents(byMethod.get(method) ?? 0)])),
      revenueRule: REVENUE_RULE,
      storeTimeZone: STORE_TIME_ZONE,
      recentOrders: orders.slice(0, RECENT_ORDERS),
    };
  }
}
