import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AttachUploadedImages } from '../../media/commands/public';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { orderStream } from '../contract/order.events';
import { orderDecider, OrderCommand } from '../domain/order.decider';

/**
 * The buyer asks to return items of a delivered order (issue 21). `uploaderId`: the signed-in buyer whose uploads
 * the photos are (a guest has none). The photos become private attachments before the request is recorded, so
 * the log never names a photo whose files are not stored.
 */
export class RequestOrderReturn extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly request: { lines: { productId: number; quantity: number }[] | null; reason: string; photos: string[] },
    readonly uploaderId: string | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RequestOrderReturn)
export class RequestOrderReturnHandler implements ICommandHandler<RequestOrderReturn> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly commands: CommandBus,
  ) {}

  async execute({ orderId, request, uploaderId, context }: RequestOrderReturn) {
    // Checked before any photo is re-encoded: a return the order cannot take costs no image work.
    const { state } = await this.streams.load(orderStream(orderId), orderDecider);
    const now = new Date().toISOString();
    orderDecider.decide({ kind: 'requestReturn', ...request, now }, state);
    await this.commands.execute(new AttachUploadedImages(request.photos, uploaderId ?? '', context));
    const { position } = await this.streams.execute(orderStream(orderId), orderDecider, { kind: 'requestReturn', ...request, now }, context);
    return { position };
  }
}

/** Staff's steps on a return: authorize it (with instructions), refuse it, or mark the parcel received. */
export type ReturnDecision = Extract<OrderCommand, { kind: 'authorizeReturn' | 'refuseReturn' | 'receiveReturn' }>;

export class DecideOrderReturn extends Command<{ position: number | null }> {
  constructor(
    readonly orderId: number,
    readonly decision: ReturnDecision,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DecideOrderReturn)
export class DecideOrderReturnHandler extends OneStreamHandler<DecideOrderReturn> {
  protected decision({ orderId, decision }: DecideOrderReturn) {
    return decideOn(orderStream(orderId), orderDecider, decision);
  }
}
