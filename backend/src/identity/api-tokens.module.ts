import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { UserQueries } from '../../../projections/identity/user.queries';
import { API_TOKEN_AUTHENTICATOR, ApiTokensOnlyWhereAccepted } from '../shared/http/api-token-access';
import { ApiTokenVault, CreateApiTokenHandler, RevokeApiTokenHandler } from './commands/api-tokens.command';
import { ApiTokenChecker } from './http/api-token-authenticator';
import { ApiTokensController } from './http/api-tokens.controller';

/**
 * API tokens for analytics consumers and auditors (issue 23, deliverable 4). Global: the analytics and
 * audit controllers' guard (`@RequirePermissionOrApiToken`) asks API_TOKEN_AUTHENTICATOR wherever it runs,
 * and every route refuses a token it does not accept (ApiTokensOnlyWhereAccepted).
 */
@Global()
@Module({
  imports: [CqrsModule],
  controllers: [ApiTokensController],
  providers: [
    ApiTokenVault,
    CreateApiTokenHandler,
    RevokeApiTokenHandler,
    UserQueries,
    ApiTokenChecker,
    { provide: API_TOKEN_AUTHENTICATOR, useExisting: ApiTokenChecker },
    { provide: APP_GUARD, useClass: ApiTokensOnlyWhereAccepted },
  ],
  exports: [API_TOKEN_AUTHENTICATOR],
})
export class ApiTokensModule {}
