import { AuditProjector } from '../../../projections/operations/audit.projector';
import { Module } from '@nestjs/common';
import { UserQueries } from '../../../projections/identity/user.queries';
import { AuditQueries } from '../../../projections/operations/audit.queries';
import { DiskSpace } from './disk-space';
import { ApiDocsController } from './http/api-docs.controller';
import { AuditController } from './http/audit.controller';
import { HealthController } from './http/health.controller';
import { MetricsController } from './http/metrics.controller';
import { ProjectionsAdminController } from './http/projections-admin.controller';

/** Running the shop: health for load balancers, Prometheus metrics, projection status and parked events, and the audit trail, for admins. */
@Module({ controllers: [HealthController, ProjectionsAdminController, AuditController, MetricsController, ApiDocsController], providers: [AuditProjector, AuditQueries, UserQueries, DiskSpace], exports: [DiskSpace] })
export class OperationsModule {}
