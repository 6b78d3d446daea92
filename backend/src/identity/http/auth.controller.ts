import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { NextFunction, Request, Response } from 'express';
import type { Authenticator } from 'passport';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { NotAuthenticatedError } from '../../shared/errors';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { commandContextOf, CurrentUser } from '../../shared/http/request-context';
import { SignupInput, signupSchema } from '../contract/auth-input';
import { LoginWithCodeInput, loginWithCodeSchema } from '../contract/two-factor';
import { TwoFactorSignIn } from '../two-factor/two-factor-sign-in';
import { SessionUser } from '../contract/session-user';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { safeReturnPath } from '../contract/return-to';
import { RegisterUser } from '../commands/register-user.command';
import { UserQueries } from '../../../../projections/identity/user.queries';
import { LoginThrottle } from './login-throttle';
import { SESSION_TTL_MS } from './session/session-policy';
import { setSignedInHint } from './session/signed-in-hint';
import { signOutHere } from './session/sign-out';
import { AccountFollowUps } from './account-follow-ups';
import { guestOrderIdsOf } from '../../shared/http/session-data';

export const PASSPORT = Symbol('PASSPORT');

const INVALID_CREDENTIALS = 'Invalid email or password.';
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_ATTEMPTS_PER_ADDRESS = 50;
const SIGNUPS_PER_ADDRESS = 20;

@Controller('api')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: UserQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
    private readonly loginThrottle: LoginThrottle,
    @Inject(PASSPORT) private readonly passport: Authenticator,
    private readonly followUps: AccountFollowUps,
    private readonly twoFactor: TwoFactorSignIn,
  ) {}

  @Post('auth/signup')
  async signup(@Body(new ZodValidationPipe(signupSchema)) body: SignupInput, @Req() request: Request) {
    await this.rateLimiter.consume(`signup:${request.ip}`, SIGNUPS_PER_ADDRESS, LOGIN_WINDOW_MS, 'Too many sign-ups from this address.');
    const { userId, position } = await this.commands.execute(
      new RegisterUser(body.fullName, body.email, body.password, 'customer', commandContextOf(request)),
    );
    await this.projections.readYourWrite(position, ['users'], '/api/auth/user');
    const user = (await this.users.findById(userId))!;
    const guestOrderIds = guestOrderIdsOf(request);
    await logIn(request, user);
    await this.followUps.claimGuestOrders(request, user, guestOrderIds);
    await this.followUps.mailFirstConfirmationLink(request, user);
    return user;
  }

  @Post('auth/login')
  @HttpCode(200)
  async login(@Body(new ZodValidationPipe(loginWithCodeSchema)) body: LoginWithCodeInput, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    await this.rateLimiter.consume(`login:${request.ip}`, LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_WINDOW_MS, 'Too many login attempts.');
    const { knownDevice } = await this.loginThrottle.admit(request, body.email);
    request.body = body;
    const user = await new Promise<SessionUser | false>((resolve, reject) => {
      const next: NextFunction = (error?: unknown) => (error ? reject(error) : resolve(false));
      this.passport.authenticate('local', { session: false }, (error: unknown, found: SessionUser | false) =>
        error ? reject(error) : resolve(found),
      )(request, response, next);
    });
    if (!user) throw new NotAuthenticatedError(INVALID_CREDENTIALS);
    // Issue 23: an account with two-factor sign-in needs its code too (401 twoFactorRequired until then).
    await this.twoFactor.check(user, body.code, commandContextOf(request));
    await this.loginThrottle.succeeded(response, body.email, knownDevice);
    const guestOrderIds = guestOrderIdsOf(request);
    await logIn(request, user);
    await this.followUps.claimGuestOrders(request, user, guestOrderIds);
    return user;
  }

  @Get('auth/user')
  currentUser(@CurrentUser() user: SessionUser | null) {
    if (!user) throw new NotAuthenticatedError('Unauthorized');
    return user;
  }

  /** Browser navigation: the sign-in page of the SPA. */
  /** Browser navigation to sign in; `returnTo` (a path of this shop) is where the shopper comes back to, e.g. the checkout. */
  @Get('login')
  startLogin(@Query('returnTo') returnTo: unknown, @Res() response: Response) {
    const back = safeReturnPath(returnTo);
    response.redirect(302, back === '/' ? '/auth' : `/auth?returnTo=${encodeURIComponent(back)}`);
  }

  /**
   * Browser navigation: ends the session and returns to the storefront. A GET (the spec's link), so
   * SameSite=Lax lets another site's link or image send the cookie along: a request the browser
   * marks as coming from another site (`Sec-Fetch-Site`, or without it a Referer of another host) is
   * refused, and the shopper stays signed in. Typed into the address bar (`none`) or from the shop: signed out.
   */
  @Get('logout')
  logout(@Req() request: Request, @Res() response: Response) {
    if (fromAnotherSite(request)) {
      response.status(403).json({ message: 'Sign out from the shop itself: this sign-out link came from another site.' });
      return;
    }
    signOutHere(request, response).then(
      () => response.redirect(302, '/'),
      () => response.status(500).json({ message: 'Could not end the session. Please try again.' }),
    );
  }
}


function fromAnotherSite(request: Request): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'cross-site' || site === 'same-site';
  const referer = request.headers.referer;
  if (referer === undefined) return false;
  try {
    return new URL(referer).host !== request.headers.host;
  } catch {
    return true;
  }
}

/** passport regenerates the session id on login, so a session fixed before login is worthless after it. */
export function logIn(request: Request, user: SessionUser): Promise<void> {
  return new Promise((resolve, reject) =>
    request.logIn(user, (error) => {
      if (error) return reject(error);
      setSignedInHint(request.res!, SESSION_TTL_MS, request.session.cookie.secure === true);
      resolve();
    }),
  );
}
