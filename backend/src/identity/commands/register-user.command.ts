import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { DuplicateKeyError } from '../../storage/read-store/read-store.port';
import { CredentialsRepository } from './credentials.repository';
import { userDecider } from '../domain/user.decider';
import { Role, userStream } from '../contract/identity.events';

export class RegisterUserCommand {
  constructor(
    readonly fullName: string,
    /** Already trimmed and lower-cased. */
    readonly email: string,
    readonly password: string,
    readonly role: Role,
    readonly context: CommandContext,
  ) {}
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in instead.';

/** A sign-up takes well under a second; credentials this old without their UserRegistered were left by a crash. */
export const ORPHANED_CREDENTIALS_AFTER_MS = 60 * 1000;

/**
 * Credentials first (their unique e-mail index settles concurrent sign-ups), then the
 * UserRegistered fact; if the append fails the credentials are removed again, so no half account remains.
 */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, { userId: string; position: number }> {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly streams: StreamExecutor,
  ) {}

  async execute({ fullName, email, password, role, context }: RegisterUserCommand) {
    const userId = randomUUID();
    await this.claimEmail(userId, email, password);
    try {
      const events = userDecider.decide({ kind: 'register', userId, email, fullName, role }, userDecider.initialState);
      const position = await this.streams.start(userStream(userId), events, { ...context, actorId: context.actorId ?? userId });
      return { userId, position };
    } catch (error) {
      await this.credentials.remove(userId);
      throw error;
    }
  }

  private async claimEmail(userId: string, email: string, password: string): Promise<void> {
    try {
      await this.credentials.create(userId, email, password);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const holder = await this.credentials.findByEmail(email);
      // Credentials whose UserRegistered never made it into the log (a crash in between) are reclaimed,
      // but only once they are old enough: younger ones belong to a sign-up that is still under way.
      const oldEnough = holder !== null && Date.now() - Date.parse(holder.createdAt ?? '1970-01-01T00:00:00Z') > ORPHANED_CREDENTIALS_AFTER_MS;
      const orphaned = oldEnough && (await this.streams.load(userStream(holder._id), userDecider)).state.userId === null;
      if (!orphaned) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
      await this.credentials.remove(holder._id);
      await this.credentials.create(userId, email, password);
    }
  }
}
