import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { productDecider } from '../domain/product.decider';
import { productStream } from '../contract/catalogue.events';

/** Products are never erased: their history belongs to orders and the audit trail. */
export class DeactivateProductCommand {
  constructor(
    readonly productId: number,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(DeactivateProductCommand)
export class DeactivateProductHandler implements ICommandHandler<DeactivateProductCommand, { position: number | null }> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ productId, context }: DeactivateProductCommand) {
    const { position } = await this.streams.execute(productStream(productId), productDecider, { kind: 'deactivate' }, context);
    return { position };
  }
}
