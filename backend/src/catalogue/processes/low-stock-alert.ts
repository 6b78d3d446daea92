import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CatalogueQueries } from '../../../../projections/catalogue/catalogue.queries';
import { APP_CONFIG, AppConfig } from '../../config';
import { DEMO_ADMIN } from '../../demo/contract/demo-admin';
import { SendLowStockAlert } from '../../notifications/commands/public';
import { storeDayAndHour } from '../../shared/contract/store-time';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { SweepingService } from '../../shared/processes/periodic-sweep';
import { LOW_STOCK_THRESHOLD } from '../contract/catalogue.views';

const CHECK_INTERVAL_MS = 10 * 60_000;

/**
 * The daily low-stock mail (issue 21): from LOW_STOCK_ALERT_HOUR of the store's day, checked every 10 minutes in
 * the instance holding the lease `sweep:LowStockAlert`, the admin (ADMIN_EMAIL, else the demo admin) is mailed the
 * active products at LOW_STOCK_THRESHOLD units or fewer. The mail is keyed by the day, so a day has one at most
 * (a restart or another instance sends none again); a day with no low stock has none.
 */
@Injectable()
export class LowStockAlert extends SweepingService<[Date], 'sent' | 'not-yet' | 'nothing-low' | 'off'> {
  constructor(
    private readonly queries: CatalogueQueries,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    leases: LeaseKeeper,
  ) {
    super('LowStockAlert', CHECK_INTERVAL_MS, leases, () => [new Date()]);
  }

  /** Checks now (or at `now`), after any check under way; says what it did. */
  check(now = new Date()) {
    return this.runSweep(now);
  }

  protected async sweepOnce(now: Date) {
    const hour = this.config.lowStockAlertHour;
    if (hour === null) return 'off' as const;
    const store = storeDayAndHour(now);
    if (store.hour < hour) return 'not-yet' as const;
    const low = await this.queries.lowStock();
    if (low.length === 0) return 'nothing-low' as const;
    const to = this.config.adminEmail ?? DEMO_ADMIN.email;
    await this.commands.execute(new SendLowStockAlert(store.day, to, LOW_STOCK_THRESHOLD, low.map(({ name, sku, stock }) => ({ name, sku, stock }))));
    return 'sent' as const;
  }
}
