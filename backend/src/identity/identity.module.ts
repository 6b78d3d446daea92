import { UsersProjector } from '../../../projections/identity/users.projector';
import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UserQueries } from '../../../projections/identity/user.queries';
import { CredentialStoreCheck } from './commands/credential-store-check';
import { CredentialsRepository } from './commands/credentials.repository';
import { PasswordHasher } from './commands/password-hasher';
import { EmailKeys } from './commands/email-key';
import { EmailVerificationTokens, RequestEmailVerificationHandler, VerifiedEmails, VerifyEmailHandler } from './commands/email-verification.command';
import { GrantRoleHandler } from './commands/grant-role.command';
import { ChangePasswordHandler, PasswordResetTokens, RequestPasswordResetHandler, ResetPasswordHandler } from './commands/password-reset.command';
import { RegisterUserHandler } from './commands/register-user.command';
import { AccountFollowUps } from './http/account-follow-ups';
import { AuthController, PASSPORT } from './http/auth.controller';
import { EmailVerificationController } from './http/email-verification.controller';
import { EmailChangeConfirmationController, EmailChangeController } from './http/email-change.controller';
import { ConfirmEmailChangeHandler, EmailChangeTokens, RequestEmailChangeHandler } from './commands/email-change.command';
import { LoginThrottle } from './http/login-throttle';
import { PasswordChangeController, PasswordResetController } from './http/password-reset.controller';
import { createPassport } from './http/session/passport.setup';
import { DocumentSessionStore } from './http/session/session.store';
import { AccountClosingController } from './http/account-closing.controller';
import { CloseAccountHandler } from './commands/close-account.command';
import { AccountErasure, AccountErasureSupervisor } from './processes/account-erasure.process';
import { OrderQueries } from '../../../projections/ordering/order.queries';
import { APP_GUARD } from '@nestjs/core';
import { TwoFactorController } from './http/two-factor.controller';
import { DisableTwoFactorHandler, EnableTwoFactorHandler, RecordRecoveryCodeUseHandler, ResetStaffTwoFactorHandler, StartTwoFactorSetupHandler } from './commands/two-factor.command';
import { TwoFactorCredentials } from './two-factor/two-factor-credentials';
import { TwoFactorSignIn } from './two-factor/two-factor-sign-in';
import { TwoFactorEnrolmentGuard } from './two-factor/two-factor-enrolment.guard';

import { StaffProjector } from '../../../projections/identity/staff.projector';
import { StaffQueries } from '../../../projections/identity/staff.queries';
import { AcceptStaffInvitationHandler, ChangeStaffRoleHandler, ConfiguredOwner, InviteStaffHandler, RemoveStaffHandler, StaffInvitationTokens, WithdrawStaffInvitationHandler } from './commands/staff.command';
import { StaffAcceptController, StaffAdminController } from './http/staff.controller';
import { SessionsController } from './http/sessions.controller';
import { AccountSessions } from './http/session/account-sessions';

@Module({
  imports: [CqrsModule],
  controllers: [AuthController, EmailVerificationController, PasswordResetController, PasswordChangeController, EmailChangeController, EmailChangeConfirmationController, AccountClosingController, StaffAdminController, StaffAcceptController, SessionsController, TwoFactorController],
  providers: [UsersProjector, 
    CredentialsRepository,
    PasswordHasher,
    LoginThrottle,
    CredentialStoreCheck,
    EmailKeys,
    UserQueries,
    RegisterUserHandler,
    GrantRoleHandler,
    EmailVerificationTokens,
    RequestEmailVerificationHandler,
    VerifyEmailHandler,
    VerifiedEmails,
    PasswordResetTokens,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    ChangePasswordHandler,
    EmailChangeTokens,
    RequestEmailChangeHandler,
    ConfirmEmailChangeHandler,
    AccountFollowUps,
    DocumentSessionStore,
    OrderQueries,
    CloseAccountHandler,
    AccountErasure,
    AccountErasureSupervisor,
    StaffProjector,
    StaffQueries,
    StaffInvitationTokens,
    ConfiguredOwner,
    InviteStaffHandler,
    AcceptStaffInvitationHandler,
    WithdrawStaffInvitationHandler,
    ChangeStaffRoleHandler,
    RemoveStaffHandler,
    AccountSessions,
    TwoFactorCredentials,
    TwoFactorSignIn,
    StartTwoFactorSetupHandler,
    EnableTwoFactorHandler,
    DisableTwoFactorHandler,
    RecordRecoveryCodeUseHandler,
    ResetStaffTwoFactorHandler,
    { provide: APP_GUARD, useClass: TwoFactorEnrolmentGuard },
    { provide: PASSPORT, useFactory: createPassport, inject: [CredentialsRepository, UserQueries] },
  ],
  exports: [PASSPORT, DocumentSessionStore, UserQueries, CredentialsRepository, CredentialStoreCheck],
})
export class IdentityModule {}
