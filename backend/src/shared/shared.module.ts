import { Global, Module } from '@nestjs/common';
import { IdAllocator } from './event-sourcing/id-allocator';
import { StreamExecutor } from './event-sourcing/stream-executor';
import { RateLimiter } from './http/rate-limiter';

@Global()
@Module({
  providers: [StreamExecutor, IdAllocator, RateLimiter],
  exports: [StreamExecutor, IdAllocator, RateLimiter],
})
export class SharedModule {}
