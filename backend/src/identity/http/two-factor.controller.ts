import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '../../config';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { SignedInGuard } from '../../shared/http/guards';
import { commandContextOf, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { DisableTwoFactor, EnableTwoFactor, StartTwoFactorSetup } from '../commands/two-factor.command';
import { SessionUser } from '../contract/session-user';
import { TWO_FACTOR_MESSAGES, TwoFactorCodeInput, twoFactorCodeInputSchema, TwoFactorEnabledView, TwoFactorSetupView, TwoFactorStatusView } from '../contract/two-factor';
import { TwoFactorCredentials } from '../two-factor/two-factor-credentials';

const HOUR_MS = 60 * 60_000;
/** Codes one account may try an hour to turn two-factor sign-in on or off: a stolen session cannot guess them. */
const CODE_TRIES_PER_ACCOUNT = 10;

/** The signed-in staff member's own two-factor sign-in (issue 23, deliverable 3): its state, setup, turning it on and off. */
@Controller('api/auth/2fa')
@UseGuards(SignedInGuard)
export class TwoFactorController {
  constructor(
    private readonly commands: CommandBus,
    private readonly credentials: TwoFactorCredentials,
    private readonly rateLimiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async status(@CurrentUser() user: SessionUser): Promise<TwoFactorStatusView> {
    return {
      enabled: await this.credentials.isEnabled(user.id),
      recoveryCodesLeft: await this.credentials.recoveryCodesLeft(user.id),
      requiredForStaff: this.config.staffTwoFactor === 'required',
    };
  }

  /** A new secret for the authenticator app, as a URL for a QR code and as text; nothing is on until `enable`. */
  @Post('setup')
  @HttpCode(200)
  setup(@CurrentUser() user: SessionUser): Promise<TwoFactorSetupView> {
    return this.commands.execute(new StartTwoFactorSetup(user.id));
  }

  @Post('enable')
  @HttpCode(200)
  async enable(@Body(new ZodValidationPipe(twoFactorCodeInputSchema)) { code }: TwoFactorCodeInput, @CurrentUser() user: SessionUser, @Req() request: Request): Promise<TwoFactorEnabledView> {
    await this.rateLimiter.consume(`two-factor-code:${user.id}`, CODE_TRIES_PER_ACCOUNT, HOUR_MS, 'Too many codes tried.');
    const { recoveryCodes } = await this.commands.execute(new EnableTwoFactor(user.id, code, commandContextOf(request)));
    return { recoveryCodes };
  }

  @Post('disable')
  @HttpCode(200)
  async disable(@Body(new ZodValidationPipe(twoFactorCodeInputSchema)) { code }: TwoFactorCodeInput, @CurrentUser() user: SessionUser, @Req() request: Request) {
    await this.rateLimiter.consume(`two-factor-code:${user.id}`, CODE_TRIES_PER_ACCOUNT, HOUR_MS, 'Too many codes tried.');
    await this.commands.execute(new DisableTwoFactor(user.id, code, commandContextOf(request)));
    return { message: TWO_FACTOR_MESSAGES.turnedOff };
  }
}
