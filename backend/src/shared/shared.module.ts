import { Global, Module } from '@nestjs/common';
import { IdAllocator } from './event-sourcing/id-allocator';
import { UniqueKeys } from './event-sourcing/unique-keys';
import { StreamExecutor } from './event-sourcing/stream-executor';
import { RateLimiter } from './http/rate-limiter';
import { LeaseKeeper } from './leases/lease-keeper';

@Global()
@Module({
  providers: [StreamExecutor, IdAllocator, UniqueKeys, RateLimiter, LeaseKeeper],
  exports: [StreamExecutor, IdAllocator, UniqueKeys, RateLimiter, LeaseKeeper],
})
export class SharedModule {}
