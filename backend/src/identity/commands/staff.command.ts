import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config';
import { DEMO_ADMIN } from '../../demo/contract/demo-admin';
import { SendStaffInvitation } from '../../notifications/commands/public';
import { ConflictError, InvalidInputError, NotAuthenticatedError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { CREDENTIAL_STORE, CredentialStore } from '../../storage/credential-store/credential-store.port';
import { userStream } from '../contract/identity.events';
import { ALREADY_STAFF, INVALID_STAFF_INVITATION, INVITATION_NEEDS_ACCOUNT, INVITATION_NOT_PENDING, INVITED_ADDRESS_HAS_ACCOUNT } from '../contract/staff-input';
import { isStaff, StaffRole } from '../contract/staff-roles';
import { STAFF_INVITATION_TTL_HOURS, staffInvitationStream } from '../contract/staff.events';
import { sentInvitation, staffInvitationDecider } from '../domain/staff-invitation.decider';
import { userDecider } from '../domain/user.decider';
import { DocumentSessionStore } from '../http/session/session.store';
import { AccountLinkTokens } from './account-link-tokens';
import { CredentialsRepository } from './credentials.repository';
import { RegisterUser } from './register-user.command';

export const STAFF_INVITATIONS_COLLECTION = 'identity_staff_invitations';

/** Invitation links waiting to be followed (see AccountLinkTokens), keyed by invitation instead of account. */
@Injectable()
export class StaffInvitationTokens extends AccountLinkTokens {
  constructor(@Inject(CREDENTIAL_STORE) store: CredentialStore) {
    super(store, STAFF_INVITATIONS_COLLECTION);
  }
}

/** Whether the account at `email` is the one the configuration makes the owner at every start (ADMIN_EMAIL, else the demo admin). */
@Injectable()
export class ConfiguredOwner {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  is(email: string): boolean {
    return email === (this.config.adminEmail ?? DEMO_ADMIN.email).trim().toLowerCase();
  }
}

/**
 * An owner invites `email` to the staff as `role` (issue 23): a single-use link (72 hours, only its hash kept) to the
 * shop's own origin, never a request's Host, is mailed there, then StaffInvited is recorded. An address whose account
 * is already staff is refused: its role is changed instead.
 */
export class InviteStaff extends Command<{ invitationId: string; position: number | null }> {
  constructor(
    readonly email: string,
    readonly role: StaffRole,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(InviteStaff)
export class InviteStaffHandler implements ICommandHandler<InviteStaff> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: CredentialsRepository,
    private readonly tokens: StaffInvitationTokens,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, role, context }: InviteStaff) {
    const existing = await this.credentials.findByEmail(email);
    if (existing) {
      const { state } = await this.streams.load(userStream(existing._id), userDecider);
      if (isStaff(state.role)) throw new ConflictError(ALREADY_STAFF);
    }
    const invitationId = randomUUID();
    const expiresAt = new Date(Date.now() + STAFF_INVITATION_TTL_HOURS * 60 * 60_000).toISOString();
    const command = { kind: 'invite', invitationId, email, role, expiresAt, invitedBy: context.actorId } as const;
    const token = await this.tokens.issue(invitationId, email, new Date(expiresAt));
    const link = `${this.config.shopOrigin}/staff/accept?token=${token}`;
    // Mailed before it is recorded: the log never claims an invitation that was not sent.
    await this.commands.execute(new SendStaffInvitation(invitationId, email, role, link, token, expiresAt));
    const { position } = await this.streams.execute(staffInvitationStream(invitationId), staffInvitationDecider, command, context);
    return { invitationId, position };
  }
}

/**
 * The owner takes back an invitation not yet accepted (a wrong address, a role given by mistake): recorded first, so
 * that the link is refused from then on (the acceptance checks the invitation's stream), then its token is deleted.
 * One already accepted or lapsed is no longer pending: 409 (an accepted one's member is removed instead).
 */
export class WithdrawStaffInvitation extends Command<{ position: number | null }> {
  constructor(
    readonly invitationId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(WithdrawStaffInvitation)
export class WithdrawStaffInvitationHandler implements ICommandHandler<WithdrawStaffInvitation> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly tokens: StaffInvitationTokens,
  ) {}

  async execute({ invitationId, context }: WithdrawStaffInvitation) {
    const stream = staffInvitationStream(invitationId);
    const invitation = sentInvitation((await this.streams.load(stream, staffInvitationDecider)).state);
    if (!invitation.withdrawn && !(await this.tokens.isPending(invitationId))) throw new ConflictError(INVITATION_NOT_PENDING);
    const { position } = await this.streams.execute(stream, staffInvitationDecider, { kind: 'withdraw', withdrawnBy: context.actorId }, context);
    await this.tokens.forget(invitationId);
    return { position };
  }
}

/**
 * The invitee follows the link (issue 23). Signed in as the invited address's account (`signedInUserId`), the token
 * alone accepts; with nobody signed in, `account` (a name and password) creates the account first. An address that
 * already has an account must sign in: the link stays live for that. The token is taken (single use) only once the
 * checks pass; StaffInvitationAccepted, on the account's stream, gives the role and names the inviting owner.
 */
export class AcceptStaffInvitation extends Command<{ userId: string; position: number | null }> {
  constructor(
    readonly token: string,
    readonly signedInUserId: string | null,
    readonly account: { fullName: string; password: string } | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(AcceptStaffInvitation)
export class AcceptStaffInvitationHandler implements ICommandHandler<AcceptStaffInvitation> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly credentials: CredentialsRepository,
    private readonly tokens: StaffInvitationTokens,
    private readonly commands: CommandBus,
    private readonly configuredOwner: ConfiguredOwner,
  ) {}

  async execute({ token, signedInUserId, account, context }: AcceptStaffInvitation) {
    const link = await this.tokens.peek(token);
    if (!link) throw new InvalidInputError(INVALID_STAFF_INVITATION);
    const invitation = sentInvitation((await this.streams.load(staffInvitationStream(link.userId), staffInvitationDecider)).state);
    // Withdrawn: refused like a used link, even if the withdrawal was cut short before its token was deleted.
    if (invitation.withdrawn) throw new InvalidInputError(INVALID_STAFF_INVITATION);
    const userId = signedInUserId ?? (await this.newAccountFor(link.email, account, context));
    const { state } = await this.streams.load(userStream(userId), userDecider);
    const command = {
      kind: 'acceptStaffInvitation',
      invitationId: invitation.invitationId,
      email: link.email,
      role: invitation.role,
      invitedBy: invitation.invitedBy,
      isConfiguredOwner: this.configuredOwner.is(state.email),
    } as const;
    userDecider.decide(command, state);
    if (!(await this.tokens.take(token))) throw new InvalidInputError(INVALID_STAFF_INVITATION);
    // The account that followed the link acts, and the event names the owner who invited.
    const { position } = await this.streams.execute(userStream(userId), userDecider, command, { ...context, actorId: userId });
    return { userId, position };
  }

  /** Checked before the link is taken: an address with an account signs in first; the new account's name and password are required. */
  private async newAccountFor(email: string, account: { fullName: string; password: string } | null, context: CommandContext): Promise<string> {
    if (await this.credentials.findByEmail(email)) throw new ConflictError(INVITED_ADDRESS_HAS_ACCOUNT);
    if (!account) throw new NotAuthenticatedError(INVITATION_NEEDS_ACCOUNT);
    const { userId } = await this.commands.execute(new RegisterUser(account.fullName, email, account.password, 'customer', context));
    return userId;
  }
}

/** An owner gives a staff member another staff role (issue 23): RoleGranted, the owner its acting user. */
export class ChangeStaffRole extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly role: StaffRole,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeStaffRole)
export class ChangeStaffRoleHandler implements ICommandHandler<ChangeStaffRole> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly configuredOwner: ConfiguredOwner,
  ) {}

  async execute({ userId, role, context }: ChangeStaffRole) {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    const { position } = await this.streams.execute(userStream(userId), userDecider, { kind: 'changeStaffRole', role, isConfiguredOwner: this.configuredOwner.is(state.email) }, context);
    return { position };
  }
}

/**
 * An owner makes a staff member a customer again (issue 23): checked first, then every session of the account ends
 * (its next request is a guest's), then StaffRemoved is recorded with how many ended.
 */
export class RemoveStaff extends Command<{ position: number | null }> {
  constructor(
    readonly userId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(RemoveStaff)
export class RemoveStaffHandler implements ICommandHandler<RemoveStaff> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly sessions: DocumentSessionStore,
    private readonly configuredOwner: ConfiguredOwner,
  ) {}

  async execute({ userId, context }: RemoveStaff) {
    const { state } = await this.streams.load(userStream(userId), userDecider);
    const isConfiguredOwner = this.configuredOwner.is(state.email);
    userDecider.decide({ kind: 'removeStaff', isConfiguredOwner, sessionsEnded: 0 }, state);
    const sessionsEnded = await this.sessions.endSessionsOf(userId);
    const { position } = await this.streams.execute(userStream(userId), userDecider, { kind: 'removeStaff', isConfiguredOwner, sessionsEnded }, context);
    return { position };
  }
}
