import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { productStream } from '../contract/catalogue.events';
import { productDecider } from '../domain/product.decider';

/** Products are never erased: their history belongs to orders and the audit trail. */
export class DeactivateProduct extends Command<{ position: number | null }> {
  constructor(
    readonly productId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DeactivateProduct)
export class DeactivateProductHandler extends OneStreamHandler<DeactivateProduct> {
  protected decision({ productId }: DeactivateProduct) {
    return decideOn(productStream(productId), productDecider, { kind: 'deactivate' });
  }
}
