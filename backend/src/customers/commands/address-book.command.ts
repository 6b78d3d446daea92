import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { addressBookStream, SavedAddressView } from '../contract/address-book.events';
import { AddressBookCommand, addressBookDecider, addressBookView } from '../domain/address-book.decider';

/** A change to the customer's saved addresses (issue 22): save (add or edit), remove, or choose the default. */
export class ChangeAddressBook extends Command<SavedAddressView[]> {
  constructor(
    readonly command: AddressBookCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Answers the book as it is after the change, read from its own stream (a customer reads their own writes at once). */
@CommandHandler(ChangeAddressBook)
export class ChangeAddressBookHandler implements ICommandHandler<ChangeAddressBook> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ command, context }: ChangeAddressBook): Promise<SavedAddressView[]> {
    await this.streams.execute(addressBookStream(command.userId), addressBookDecider, command, context);
    const { state } = await this.streams.load(addressBookStream(command.userId), addressBookDecider);
    return addressBookView(state);
  }
}

/**
 * The customer's saved addresses, from their stream: a book of at most ten entries read by its owner alone,
 * kept out of the read models so that closing an account has one place less to clear.
 */
export class SavedAddresses extends Query<SavedAddressView[]> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(SavedAddresses)
export class SavedAddressesHandler implements IQueryHandler<SavedAddresses> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ userId }: SavedAddresses): Promise<SavedAddressView[]> {
    return addressBookView((await this.streams.load(addressBookStream(userId), addressBookDecider)).state);
  }
}
