import { Command, CommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { decideOn, OneStreamHandler } from '../../shared/event-sourcing/one-stream-handler';
import { Role, userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';

export class GrantRole extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly role: Role,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(GrantRole)
export class GrantRoleHandler extends OneStreamHandler<GrantRole> {
  protected decision({ userId, role }: GrantRole) {
    return decideOn(userStream(userId), userDecider, { kind: 'grantRole', role });
  }
}
