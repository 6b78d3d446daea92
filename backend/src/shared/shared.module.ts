import { Global, Module } from '@nestjs/common';
import { IdAllocator } from './event-sourcing/id-allocator';
import { UniqueKeys } from './event-sourcing/unique-keys';
import { StreamExecutor } from './event-sourcing/stream-executor';
import { RateLimiter } from './http/rate-limiter';

@Global()
@Module({
  providers: [StreamExecutor, IdAllocator, UniqueKeys, RateLimiter],
  exports: [StreamExecutor, IdAllocator, UniqueKeys, RateLimiter],
})
export class SharedModule {}
