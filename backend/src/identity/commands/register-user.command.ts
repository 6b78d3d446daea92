import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKeys } from '../../shared/event-sourcing/unique-keys';
import { Role, userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';
import { CredentialsRepository } from './credentials.repository';
import { EMAIL_TAKEN_MESSAGE, EmailKeys } from './email-key';

export class RegisterUser extends Command<{ userId: string; position: number }> {
  constructor(
    readonly fullName: string,
    /** Already trimmed and lower-cased. */
    readonly email: string,
    readonly password: string,
    readonly role: Role,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Claims the e-mail for a new user id (its claim stream settles concurrent sign-ups: one account,
 * one 409), stores the password hash, then records UserRegistered. A crash in between leaves a claim
 * whose user does not exist, which the next sign-up with that e-mail takes over once it is a minute old.
 */
@CommandHandler(RegisterUser)
export class RegisterUserHandler implements ICommandHandler<RegisterUser> {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly streams: StreamExecutor,
    private readonly uniqueKeys: UniqueKeys,
    private readonly emails: EmailKeys,
  ) {}

  async execute({ fullName, email, password, role, context }: RegisterUser) {
    const userId = randomUUID();
    const acting = { ...context, actorId: context.actorId ?? userId };
    const key = this.emails.of(email);
    await this.uniqueKeys.claim(key, userId, acting);
    const holder = await this.credentials.findByEmail(email);
    if (holder && (await this.streams.exists(userStream(holder._id)))) {
      // An account registered before e-mails were claimed: the claim is theirs.
      await this.uniqueKeys.release(key, userId, 'The e-mail belongs to an existing account', acting);
      await this.uniqueKeys.claim(key, holder._id, acting);
      throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    }
    await this.credentials.save(userId, email, password);
    const events = userDecider.decide({ kind: 'register', userId, email, fullName, role }, userDecider.initialState);
    const position = await this.streams.start(userStream(userId), events, acting);
    return { userId, position };
  }
}
