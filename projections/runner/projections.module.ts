import { Global, Module } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { Projector, PROJECTOR_METADATA } from './projector';
import { PROJECTORS, ProjectionRunner } from './projection-runner';

/**
 * The runner of every projector and reactor of the log. Each context's module provides its own (marked
 * RunsOnTheLog); the runner finds them all when it starts, once every provider exists.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    {
      provide: PROJECTORS,
      inject: [DiscoveryService],
      useFactory: (discovery: DiscoveryService) => () =>
        discovery
          .getProviders()
          .filter((wrapper) => wrapper.metatype && typeof wrapper.metatype === 'function' && Reflect.getMetadata(PROJECTOR_METADATA, wrapper.metatype) === true)
          .map((wrapper) => wrapper.instance as Projector),
    },
    ProjectionRunner,
  ],
  exports: [ProjectionRunner],
})
export class ProjectionsModule {}
