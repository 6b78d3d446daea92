import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { UserQueries } from '../../../../projections/identity/user.queries';
import { ForbiddenError, NotFoundError } from '../../shared/errors';
import { forbiddenMessage, SignedInGuard } from '../../shared/http/guards';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { commandContextOf, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { ApiTokenRecord, ApiTokenVault, CreateApiToken, RevokeApiToken } from '../commands/api-tokens.command';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPES,
  apiTokenIdSchema,
  apiTokenScopesFor,
  ApiTokenView,
  CreateApiTokenInput,
  createApiTokenSchema,
  CreatedApiTokenView,
  managesEveryApiToken,
  mayUseApiTokens,
} from '../contract/api-tokens';
import { SessionUser } from '../contract/session-user';

/** Tokens one account may make an hour: a tool needs one; a script making them in a loop is stopped. */
const CREATES_PER_ACCOUNT = 20;
const HOUR_MS = 60 * 60_000;

/**
 * API tokens (issue 23, deliverable 4), managed with a session, never with a token: the owner manages
 * every token; an analyst or auditor their own, with the scopes their role has. Anyone else signed in:
 * 403 (the staff-roles map decides: whoever has a token scope's permission may make tokens).
 */
@Controller('api/admin/api-tokens')
@UseGuards(SignedInGuard)
export class ApiTokensController {
  constructor(
    private readonly commands: CommandBus,
    private readonly vault: ApiTokenVault,
    private readonly users: UserQueries,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(201)
  async create(@Body(new ZodValidationPipe(createApiTokenSchema)) input: CreateApiTokenInput, @CurrentUser() user: SessionUser, @Req() request: Request): Promise<CreatedApiTokenView> {
    assertUsesTokens(user);
    const allowed = apiTokenScopesFor(user.role);
    const refused = input.scopes.find((scope) => !allowed.includes(scope));
    if (refused) throw new ForbiddenError(forbiddenMessage(refused));
    await this.rateLimiter.consume(`api-token-create:${user.id}`, CREATES_PER_ACCOUNT, HOUR_MS, 'Too many API tokens made.');
    // Stored in the order the scopes are listed, whatever order they were sent in.
    const scopes = API_TOKEN_SCOPES.filter((scope) => input.scopes.includes(scope));
    const { record, token } = await this.commands.execute(new CreateApiToken(input.name, scopes, input.expiresInDays, user.id, commandContextOf(request)));
    return { ...viewOf(record, user.fullName), token };
  }

  /** Newest first, revoked and expired ones too (with when): the owner's list has everyone's tokens. */
  @Get()
  async list(@CurrentUser() user: SessionUser): Promise<ApiTokenView[]> {
    assertUsesTokens(user);
    const records = await this.vault.list(managesEveryApiToken(user.role) ? null : user.id);
    const names = new Map<string, string>();
    for (const makerId of new Set(records.map((record) => record.createdBy))) names.set(makerId, (await this.users.findById(makerId))?.fullName ?? 'A former account');
    return records.map((record) => viewOf(record, names.get(record.createdBy)!));
  }

  /** Stops the token at once, on every instance; another's token is a 404 for anyone but the owner. */
  @Delete(':id')
  async revoke(@Param('id', new ZodValidationPipe(apiTokenIdSchema)) id: string, @CurrentUser() user: SessionUser, @Req() request: Request): Promise<{ message: string }> {
    assertUsesTokens(user);
    const record = await this.vault.byId(id);
    if (!record || (record.createdBy !== user.id && !managesEveryApiToken(user.role))) throw new NotFoundError(API_TOKEN_MESSAGES.notFound);
    await this.commands.execute(new RevokeApiToken(id, user.id, commandContextOf(request)));
    return { message: `API token "${record.name}" revoked.` };
  }
}

function assertUsesTokens(user: SessionUser): void {
  if (!mayUseApiTokens(user.role)) throw new ForbiddenError(`Your role does not allow API tokens (they need ${API_TOKEN_SCOPES.join(' or ')}).`);
}

function viewOf(record: ApiTokenRecord, makerName: string): ApiTokenView {
  return {
    id: record._id,
    name: record.name,
    scopes: record.scopes,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
    createdBy: { id: record.createdBy, name: makerName },
  };
}
