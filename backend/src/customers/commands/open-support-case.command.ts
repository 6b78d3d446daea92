import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrderQueries } from '../../../../projections/ordering/order.queries';
import { SessionUser } from '../../identity/contract/session-user';
import { InvalidInputError, NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { IdAllocator } from '../../shared/event-sourcing/id-allocator';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { supportCaseStream } from '../contract/support.events';
import { SUPPORT_MESSAGES, SupportCaseInput } from '../contract/support-input';
import { supportCaseDecider } from '../domain/support-case.decider';
import { AttachUploadedImages } from '../../media/commands/public';

export class OpenSupportCase extends Command<{ caseId: number; position: number }> {
  constructor(
    readonly customer: SessionUser,
    readonly input: SupportCaseInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Spec §5 Support case: the order it is about must be the customer's own; its images are attached first; opening the stream claims the case id. */
@CommandHandler(OpenSupportCase)
export class OpenSupportCaseHandler implements ICommandHandler<OpenSupportCase> {
  constructor(
    private readonly ids: IdAllocator,
    private readonly streams: StreamExecutor,
    private readonly orders: OrderQueries,
    private readonly commands: CommandBus,
  ) {}

  async execute({ customer, input, context }: OpenSupportCase) {
    if (input.orderId !== null && !(await this.isOwnOrder(customer.id, input.orderId))) throw new InvalidInputError(SUPPORT_MESSAGES.orderNotYours);
    const { attachmentIds: attachments } = await this.commands.execute(new AttachUploadedImages(input.attachments, customer.id, context));
    let position = 0;
    const caseId = await this.ids.claim('support-case', supportCaseStream, async (caseId) => {
      const opened = supportCaseDecider.decide(
        {
          kind: 'open',
          at: new Date().toISOString(),
          case: {
            caseId,
            customerId: customer.id,
            customerEmail: customer.email,
            customerName: customer.fullName || customer.email,
            subject: input.subject,
            description: input.description,
            category: input.category,
            priority: input.priority,
            orderId: input.orderId,
            attachments,
          },
        },
        supportCaseDecider.initialState,
      );
      position = await this.streams.start(supportCaseStream(caseId), opened, context);
      return caseId;
    });
    return { caseId, position };
  }

  /** The orders the customer sees on their dashboard are the ones a case may be about. */
  private async isOwnOrder(customerId: string, orderId: number): Promise<boolean> {
    const order = await this.orders.byId(orderId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    return order?.customerId === customerId;
  }
}
