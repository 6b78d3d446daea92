import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config';
import { SignedInGuard } from '../../shared/http/guards';
import { currentUserOf } from '../../shared/http/request-context';
import { AccountSessionView } from '../contract/staff-input';
import { isStaff } from '../contract/staff-roles';
import { AccountSessions } from './session/account-sessions';
import { DocumentSessionStore } from './session/session.store';
import { signOutHere } from './session/sign-out';

/** The signed-in account's sessions (issue 23): the list, ending one, and "sign out everywhere else". */
@Controller('api/user/sessions')
@UseGuards(SignedInGuard)
export class SessionsController {
  constructor(
    private readonly sessions: AccountSessions,
    private readonly store: DocumentSessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  list(@Req() request: Request): Promise<AccountSessionView[]> {
    const user = currentUserOf(request)!;
    const idleSince = isStaff(user.role) ? Date.now() - this.config.staffIdleMinutes * 60_000 : null;
    return this.sessions.list(user.id, request.sessionID, idleSince);
  }

  /** Ending this browser's own session signs it out here too. */
  @Delete(':id')
  async end(@Param('id') id: string, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const ended = await this.sessions.end(currentUserOf(request)!.id, id);
    if (ended === request.sessionID) await signOutHere(request, response);
    return { message: 'The session was signed out.' };
  }

  @Post('end-others')
  @HttpCode(200)
  async endOthers(@Req() request: Request) {
    const ended = await this.store.endSessionsOf(currentUserOf(request)!.id, request.sessionID);
    return { ended, message: `Signed out everywhere else (${ended} session${ended === 1 ? '' : 's'}).` };
  }
}
