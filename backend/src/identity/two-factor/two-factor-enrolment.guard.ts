import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '../../config';
import { ForbiddenError } from '../../shared/errors';
import { requiredPermissionOf } from '../../shared/http/guards';
import { currentUserOf } from '../../shared/http/request-context';
import { isStaff } from '../contract/staff-roles';
import { TWO_FACTOR_MESSAGES } from '../contract/two-factor';
import { TwoFactorCredentials } from './two-factor-credentials';

/**
 * STAFF_2FA=required (issue 23): a staff member who has not turned on two-factor sign-in is answered 403
 * `{ message, twoFactorEnrolmentRequired: true }` by every back-office route (those that name a permission
 * with `@RequirePermission`) until they enrol, and the back office sends them to the enrolment page. Their own
 * account routes (the enrolment itself among them) stay open. Runs before every route, as a global guard.
 */
@Injectable()
export class TwoFactorEnrolmentGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly credentials: TwoFactorCredentials,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.config.staffTwoFactor !== 'required' || context.getType() !== 'http') return true;
    if (requiredPermissionOf(context.getHandler()) === undefined) return true;
    const user = currentUserOf(context.switchToHttp().getRequest<Request>());
    if (!user || !isStaff(user.role) || (await this.credentials.isEnabled(user.id))) return true;
    throw new ForbiddenError(TWO_FACTOR_MESSAGES.enrolmentRequired, { twoFactorEnrolmentRequired: true });
  }
}
