import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { userDecider } from '../domain/user.decider';
import { Role, userStream } from '../contract/identity.events';

export class GrantRoleCommand {
  constructor(
    readonly userId: string,
    readonly role: Role,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(GrantRoleCommand)
export class GrantRoleHandler implements ICommandHandler<GrantRoleCommand, { position: number | null }> {
  constructor(private readonly streams: StreamExecutor) {}

  async execute({ userId, role, context }: GrantRoleCommand) {
    const { position } = await this.streams.execute(userStream(userId), userDecider, { kind: 'grantRole', role }, context);
    return { position };
  }
}
