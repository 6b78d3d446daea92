import { Global, Module } from '@nestjs/common';
import { IdAllocator } from './event-sourcing/id-allocator';
import { UniqueKeys } from './event-sourcing/unique-keys';
import { StreamExecutor } from './event-sourcing/stream-executor';
import { RateLimiter } from './http/rate-limiter';
import { RequestsInFlight } from './http/requests-in-flight';
import { LeaseKeeper } from './leases/lease-keeper';

@Global()
@Module({
  providers: [StreamExecutor, IdAllocator, UniqueKeys, RateLimiter, LeaseKeeper, RequestsInFlight],
  exports: [StreamExecutor, IdAllocator, UniqueKeys, RateLimiter, LeaseKeeper, RequestsInFlight],
})
export class SharedModule {}
