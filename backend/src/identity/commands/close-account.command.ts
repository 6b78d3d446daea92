import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, InvalidInputError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { PersonalDataKeys } from '../../storage/personal-data/personal-data-keys';
import { ordersInProgressMessage, WRONG_CURRENT_PASSWORD } from '../contract/auth-input';
import { addressBookStream } from '../../customers/contract/address-book.events';
import { verificationStream } from '../../customers/contract/verification.events';
import { orderStream } from '../../ordering/contract/order.events';
import { userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';
import { AccountErasure } from '../processes/account-erasure.process';
import { CredentialsRepository } from './credentials.repository';
import { EmailKeys } from './email-key';

/** An order of the closing account, as the orders read model has it (the controller asks it). */
export interface ClosingOrder {
  id: number;
  customerEmail: string;
  inProgress: boolean;
}

/**
 * The signed-in owner closes the account (issue 22), giving the password. Refused while an order of theirs is
 * still in progress (the shop needs the address to finish it) and for the administrator. AccountClosed is
 * recorded with the orders and the keys to destroy, then AccountErasure erases the rest; once recorded, the
 * closing is done whatever happens next (the erasure's supervisor finishes an interrupted one).
 */
export class CloseAccount extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly password: string,
    readonly orders: readonly ClosingOrder[],
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(CloseAccount)
export class CloseAccountHandler implements ICommandHandler<CloseAccount> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: CredentialsRepository,
    private readonly keys: PersonalDataKeys,
    private readonly erasure: AccountErasure,
    private readonly emailKeys: EmailKeys,
  ) {}

  async execute({ userId, password, orders, context }: CloseAccount) {
    const stream = userStream(userId);
    const { state } = await this.streams.load(stream, userDecider);
    userDecider.decide({ kind: 'close', orderIds: [], keyOwners: [], streams: [] }, state);
    if ((await this.credentials.verify(state.email, password)) !== userId) throw new InvalidInputError(WRONG_CURRENT_PASSWORD);
    const inProgress = orders.filter((order) => order.inProgress).map((order) => order.id);
    if (inProgress.length > 0) throw new ConflictError(ordersInProgressMessage(inProgress));

    // The account's key, and the key of every address it had or ordered with as a guest (claimed orders are sealed with those).
    const addresses = [...new Set([...state.emails, ...orders.map((order) => order.customerEmail)])];
    const keyOwners = [await this.keys.ownerId({ userId }), ...(await Promise.all(addresses.map((guestEmail) => this.keys.ownerId({ guestEmail }))))];
    const orderIds = orders.map((order) => order.id);
    const streams = [
      stream,
      ...state.emails.map((email) => this.emailKeys.of(email).streamId),
      ...orderIds.map(orderStream),
      addressBookStream(userId),
      verificationStream(userId),
    ];
    const { position } = await this.streams.execute(stream, userDecider, { kind: 'close', orderIds, keyOwners, streams }, context);
    await this.erasure.afterClosing(userId, context);
    return { position };
  }
}
