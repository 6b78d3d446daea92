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
import { LoginThrottle } from './http/login-throttle';
import { PasswordChangeController, PasswordResetController } from './http/password-reset.controller';
import { createPassport } from './http/session/passport.setup';
import { DocumentSessionStore } from './http/session/session.store';

@Module({
  imports: [CqrsModule],
  controllers: [AuthController, EmailVerificationController, PasswordResetController, PasswordChangeController],
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
    AccountFollowUps,
    DocumentSessionStore,
    { provide: PASSPORT, useFactory: createPassport, inject: [CredentialsRepository, UserQueries] },
  ],
  exports: [PASSPORT, DocumentSessionStore, UserQueries, CredentialsRepository, CredentialStoreCheck],
})
export class IdentityModule {}
