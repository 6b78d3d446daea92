import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthController, PASSPORT } from './http/auth.controller';
import { GrantRoleHandler } from './commands/grant-role.command';
import { RegisterUserHandler } from './commands/register-user.command';
import { CredentialsRepository } from './commands/credentials.repository';
import { UserQueries } from '../../../projections/identity/user.queries';
import { createPassport } from './http/session/passport.setup';

@Module({
  imports: [CqrsModule],
  controllers: [AuthController],
  providers: [
    CredentialsRepository,
    UserQueries,
    RegisterUserHandler,
    GrantRoleHandler,
    { provide: PASSPORT, useFactory: createPassport, inject: [CredentialsRepository, UserQueries] },
  ],
  exports: [PASSPORT, UserQueries, CredentialsRepository],
})
export class IdentityModule {}
