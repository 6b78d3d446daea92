import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';

/** A delivery received (+) or a count correction (-) recorded by an administrator. */
export class AdjustStock extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly delta: number,
    readonly reason: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AdjustStock)
export class AdjustStockHandler extends OneStreamHandler<AdjustStock> {
  protected decision({ productId, delta, reason }: AdjustStock) {
    return decideOn(productStream(productId), productDecider, { kind: 'adjustStock', delta, reason });
  }
}
