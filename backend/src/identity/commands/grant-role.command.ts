import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
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
export class GrantRoleHandler implements ICommandHandler<GrantRole> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ userId, role, context }: GrantRole) {
    const { position } = await this.streams.execute(userStream(userId), userDecider, { kind: 'grantRole', role }, context);
    return { position };
  }
}
