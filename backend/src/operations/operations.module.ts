import { Module } from '@nestjs/common';
import { HealthController } from './http/health.controller';
import { ProjectionsAdminController } from './http/projections-admin.controller';

/** Running the shop: health for load balancers, projection status and parked events for admins. */
@Module({ controllers: [HealthController, ProjectionsAdminController] })
export class OperationsModule {}
