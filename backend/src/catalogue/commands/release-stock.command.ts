import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';

/** Gives back what an order held, with the reason; releasing twice gives back nothing more. */
export class ReleaseStock extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly orderId: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ReleaseStock)
export class ReleaseStockHandler extends OneStreamHandler<ReleaseStock> {
  protected decision({ productId, orderId, reason }: ReleaseStock) {
    return decideOn(productStream(productId), productDecider, { kind: 'release', orderId, reason });
  }
}
