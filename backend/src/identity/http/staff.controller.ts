import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { StaffQueries } from '../../../../projections/identity/staff.queries';
import { UserQueries } from '../../../../projections/identity/user.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { NotFoundError } from '../../shared/errors';
import { RequirePermission } from '../../shared/http/guards';
import { ResetStaffTwoFactor } from '../commands/two-factor.command';
import { TWO_FACTOR_RESET } from '../contract/two-factor';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { commandContextOf, currentUserOf } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { AcceptStaffInvitation, ChangeStaffRole, InviteStaff, RemoveStaff, WithdrawStaffInvitation } from '../commands/staff.command';
import {
  AcceptStaffInvitationInput,
  acceptStaffInvitationSchema,
  ChangeStaffRoleInput,
  changeStaffRoleSchema,
  InviteStaffInput,
  inviteStaffSchema,
  STAFF_INVITATION_WITHDRAWN,
  staffInvitedMessage,
  StaffListView,
} from '../contract/staff-input';
import { INVITATION_NOT_FOUND } from '../domain/staff-invitation.decider';
import { logIn } from './auth.controller';
import { signOutHere } from './session/sign-out';

const HOUR_MS = 60 * 60_000;
/** Invitations one owner may send an hour: each mails an address outside the shop. */
const INVITATIONS_PER_OWNER = 30;
/** Acceptances one client address may try an hour (a token cannot be guessed; this bounds the hashing work). */
const ACCEPTS_PER_ADDRESS = 20;
/** Account ids are UUIDs: anything else names nobody. */
const USER_ID = /^[0-9a-f-]{36}$/;
const STAFF_READ_MODELS = ['users', 'staff'];

/** The owner's staff management (issue 23, `staff:manage`): who is staff, invitations, roles, removal. */
@Controller('api/admin/staff')
export class StaffAdminController {
  constructor(
    private readonly commands: CommandBus,
    private readonly staff: StaffQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Get()
  @RequirePermission('staff:manage')
  list(): Promise<StaffListView> {
    return this.staff.list();
  }

  @Post()
  @RequirePermission('staff:manage')
  async invite(@Body(new ZodValidationPipe(inviteStaffSchema)) { email, role }: InviteStaffInput, @Req() request: Request) {
    await this.rateLimiter.consume(`staff-invite:${currentUserOf(request)!.id}`, INVITATIONS_PER_OWNER, HOUR_MS, 'Too many invitations.');
    const { invitationId, position } = await this.commands.execute(new InviteStaff(email, role, commandContextOf(request)));
    await this.projections.waitFor(position, STAFF_READ_MODELS);
    return { invitationId, message: staffInvitedMessage(email) };
  }

  /** Takes back an invitation not yet accepted: its link stops working at once. */
  @Delete('invitations/:invitationId')
  @RequirePermission('staff:manage')
  async withdraw(@Param('invitationId') invitationId: string, @Req() request: Request) {
    const { position } = await this.commands.execute(new WithdrawStaffInvitation(knownInvitation(invitationId), commandContextOf(request)));
    await this.projections.waitFor(position, STAFF_READ_MODELS);
    return { invitationId, message: STAFF_INVITATION_WITHDRAWN };
  }

  @Put(':userId')
  @RequirePermission('staff:manage')
  async changeRole(@Param('userId') userId: string, @Body(new ZodValidationPipe(changeStaffRoleSchema)) { role }: ChangeStaffRoleInput, @Req() request: Request) {
    const { position } = await this.commands.execute(new ChangeStaffRole(knownId(userId), role, commandContextOf(request)));
    await this.projections.waitFor(position, STAFF_READ_MODELS);
    return { userId, role };
  }

  @Delete(':userId')
  @RequirePermission('staff:manage')
  async remove(@Param('userId') userId: string, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const { position } = await this.commands.execute(new RemoveStaff(knownId(userId), commandContextOf(request)));
    // An owner who removed themselves (another owner remains) is signed out here too, not saved back as the response goes out.
    if (userId === currentUserOf(request)!.id) await signOutHere(request, response);
    await this.projections.waitFor(position, STAFF_READ_MODELS);
    return { userId, role: 'customer' };
  }

  /** The member lost their authenticator and recovery codes: their two-factor sign-in goes, and their sessions end. */
  @Delete(':userId/two-factor')
  @RequirePermission('staff:manage')
  async resetTwoFactor(@Param('userId') userId: string, @Req() request: Request) {
    await this.commands.execute(new ResetStaffTwoFactor(knownId(userId), commandContextOf(request)));
    return { message: TWO_FACTOR_RESET };
  }
}

function knownId(userId: string): string {
  if (!USER_ID.test(userId)) throw new NotFoundError('User not found');
  return userId;
}

/** Invitation ids are UUIDs too. */
function knownInvitation(invitationId: string): string {
  if (!USER_ID.test(invitationId)) throw new NotFoundError(INVITATION_NOT_FOUND);
  return invitationId;
}

/**
 * The invitee's side (issue 23): `/staff/accept?token=…` posts here. Signed in as the invited address's account, the
 * token alone; nobody signed in, a name and password make the account, which is then signed in.
 */
@Controller('api/staff/accept')
export class StaffAcceptController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(200)
  async accept(@Body(new ZodValidationPipe(acceptStaffInvitationSchema)) body: AcceptStaffInvitationInput, @Req() request: Request) {
    await this.rateLimiter.consume(`staff-accept:${request.ip}`, ACCEPTS_PER_ADDRESS, HOUR_MS, 'Too many attempts.');
    const signedIn = currentUserOf(request);
    const account = body.fullName !== undefined && body.password !== undefined ? { fullName: body.fullName, password: body.password } : null;
    const { userId, position } = await this.commands.execute(new AcceptStaffInvitation(body.token, signedIn?.id ?? null, account, commandContextOf(request)));
    await this.projections.readYourWrite(position, STAFF_READ_MODELS, '/api/auth/user');
    const user = (await this.users.findById(userId))!;
    if (!signedIn) await logIn(request, user);
    return user;
  }
}
