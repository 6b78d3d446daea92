import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { NOTIFIER, Notifier } from '../mail/notifier.port';

/** A closed account's addresses (issue 22): the outbox keeps no message to them or naming them, nor their hourly count. */
export class ForgetRecipient extends Command<number> {
  constructor(readonly addresses: readonly string[]) {
    super();
  }
}

@CommandHandler(ForgetRecipient)
export class ForgetRecipientHandler implements ICommandHandler<ForgetRecipient> {
  constructor(@Inject(NOTIFIER) private readonly notifier: Notifier) {}

  execute({ addresses }: ForgetRecipient): Promise<number> {
    return this.notifier.forget(addresses);
  }
}
