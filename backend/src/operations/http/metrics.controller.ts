import { Controller, Get, Inject, OnModuleInit, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Gauge } from 'prom-client';
import { LeaseKeeper } from '../../shared/leases/lease-keeper';
import { DiskSpace } from '../disk-space';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { APP_CONFIG, AppConfig } from '../../config';
import { ShopMetrics } from '../../shared/metrics/shop-metrics';
import { EVENT_STORE, EventStore } from '../../storage/event-store/event-store.port';
import { metricsRefusal } from './operator-access';

/**
 * Prometheus metrics at `/metrics`: with METRICS_TOKEN set, for a scraper that sends it as a
 * bearer token; without it, only from this machine and never through a proxy (`metricsRefusal`).
 */
@Controller('metrics')
export class MetricsController implements OnModuleInit {
  constructor(
    private readonly metrics: ShopMetrics,
    private readonly projections: ProjectionRunner,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly leases: LeaseKeeper,
    private readonly disk: DiskSpace,
  ) {}

  /** Projector positions and lag are read when scraped, so they are never stale. */
  onModuleInit(): void {
    const { projections, eventStore, leases, disk } = this;
    new Gauge({
      name: 'disk_free_bytes',
      help: 'Free space on the disk DATA_DIR is on (changes are refused under MIN_FREE_DISK_MB)',
      registers: [this.metrics.registry],
      collect() {
        const { freeBytes } = disk.report();
        if (freeBytes !== null) this.set(freeBytes);
      },
    });
    new Gauge({
      name: 'event_log_head_position',
      help: 'Global position of the newest event in the log',
      registers: [this.metrics.registry],
      async collect() {
        this.set((await eventStore.headPosition()) ?? 0);
      },
    });
    new Gauge({
      name: 'projector_position',
      help: 'Global log position each projector has applied',
      labelNames: ['projector'] as const,
      registers: [this.metrics.registry],
      collect() {
        for (const [projector, position] of Object.entries(projections.checkpoints())) this.set({ projector }, position ?? 0);
      },
    });
    new Gauge({
      name: 'projector_lag_events',
      help: 'Events in the log a projector has not applied yet',
      labelNames: ['projector'] as const,
      registers: [this.metrics.registry],
      async collect() {
        const head = (await eventStore.headPosition()) ?? 0;
        for (const [projector, position] of Object.entries(projections.checkpoints())) this.set({ projector }, Math.max(0, head - (position ?? 0)));
      },
    });
    new Gauge({
      name: 'lease_held',
      help: 'Background work this instance runs: 1 per lease it holds (its token as a label value is the fencing token)',
      labelNames: ['lease', 'token'] as const,
      registers: [this.metrics.registry],
      collect() {
        this.reset();
        for (const { name, token } of leases.holdings()) this.set({ lease: name, token: String(token) }, 1);
      },
    });
    new Gauge({
      name: 'projector_parked_events',
      help: 'Events parked because a projector could not apply them',
      registers: [this.metrics.registry],
      async collect() {
        this.set((await projections.parked()).length);
      },
    });
  }

  @Get()
  async scrape(@Req() request: Request, @Res() response: Response): Promise<void> {
    const refusal = metricsRefusal(request, this.config);
    if (refusal !== null) {
      response.status(403).json({ message: refusal });
      return;
    }
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.setHeader('Cache-Control', 'no-store');
    response.send(await this.metrics.registry.metrics());
  }
}
