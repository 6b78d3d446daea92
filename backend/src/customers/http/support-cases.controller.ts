import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { z } from 'zod';
import { PageQuery } from '../../shared/contract/paging';
import { pageQuerySchema } from '../../shared/contract/paging-input';
import { pageHeaders } from '../../shared/http/paged-response';
import { SupportCaseQueries, SupportViewer } from '../../../../projections/customers/support-cases.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { SessionUser } from '../../identity/contract/session-user';
import { may } from '../../identity/contract/staff-roles';
import { AttachedImageFile } from '../../media/commands/public';
import { UPLOAD_ID } from '../../media/contract/media-input';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { RequirePermission, SignedInGuard } from '../../shared/http/guards';
import { idParamSchema } from '../../shared/http/id-param';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { CloseSupportCase } from '../commands/close-support-case.command';
import { OpenSupportCase } from '../commands/open-support-case.command';
import { ReplyToSupportCase } from '../commands/reply-to-support-case.command';
import { SUPPORT_CASE_STATUSES } from '../contract/support.events';
import { SupportCaseInput, supportCaseInputSchema, SupportReplyInput, supportReplyInputSchema } from '../contract/support-input';
import type { SupportCaseView } from '../contract/support.views';
import { SupportAuthor } from '../domain/support-case.decider';
import { sendPrivateWebp } from '../../shared/http/private-image';

const caseIdParam = new ZodValidationPipe(idParamSchema('Support case'));
const queueQuerySchema = pageQuerySchema.extend({ status: z.enum(SUPPORT_CASE_STATUSES, { message: 'status is open, answered or closed' }).optional() }).strict();
const attachmentIdSchema = z.string().regex(UPLOAD_ID, 'Image not found');
const attachmentFileSchema = z
  .string()
  .regex(/^\d{3,4}\.webp$/, 'Image not found')
  .transform((file) => Number.parseInt(file, 10));

const HOUR_MS = 60 * 60 * 1000;
/** A case is a conversation, not a form to submit in a loop; replies append to the log, so they are capped too. */
const CASES_PER_HOUR = 10;
const REPLIES_PER_HOUR = 60;

const PROJECTOR = ['support-cases'];

const asCustomer = (user: SessionUser): SupportViewer => ({ id: user.id, seesAll: false });
/** Staff who handle support read every case; anyone else only their own. */
const asViewer = (user: SessionUser): SupportViewer => ({ id: user.id, seesAll: may(user.role, 'support:handle') });
const authorOf = (user: SessionUser, role: SupportAuthor['role']): SupportAuthor => ({ id: user.id, role, name: user.fullName || user.email });

/**
 * Support cases (checkout spec §2, §5, §7): a signed-in customer's own cases under /api/support,
 * the back office's queue under /api/admin/support. Another customer's case answers 404.
 */
@Controller('api')
export class SupportCasesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly cases: SupportCaseQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Post('support/cases')
  @UseGuards(SignedInGuard)
  async open(@Body(new ZodValidationPipe(supportCaseInputSchema)) input: SupportCaseInput, @CurrentUser() customer: SessionUser, @Context() context: CommandContext): Promise<SupportCaseView> {
    await this.rateLimiter.consume(`support-case:${customer.id}`, CASES_PER_HOUR, HOUR_MS, 'Too many support cases. Please try again later.');
    const { caseId, position } = await this.commands.execute(new OpenSupportCase(customer, input, context));
    await this.projections.readYourWrite(position, PROJECTOR, `/api/support/cases/${caseId}`);
    return this.cases.byId(caseId, asCustomer(customer));
  }

  @Get('support/cases')
  @UseGuards(SignedInGuard)
  async list(@CurrentUser() customer: SessionUser, @Query(new ZodValidationPipe(pageQuerySchema.strict())) query: PageQuery, @Res({ passthrough: true }) response: Response): Promise<SupportCaseView[]> {
    return pageHeaders(response, await this.cases.forCustomer(customer.id, query));
  }

  @Get('support/cases/:id')
  @UseGuards(SignedInGuard)
  one(@Param('id', caseIdParam) caseId: number, @CurrentUser() customer: SessionUser): Promise<SupportCaseView> {
    return this.cases.byId(caseId, asCustomer(customer));
  }

  @Post('support/cases/:id/replies')
  @UseGuards(SignedInGuard)
  async reply(
    @Param('id', caseIdParam) caseId: number,
    @Body(new ZodValidationPipe(supportReplyInputSchema)) input: SupportReplyInput,
    @CurrentUser() customer: SessionUser,
    @Context() context: CommandContext,
  ): Promise<SupportCaseView> {
    await this.cases.byId(caseId, asCustomer(customer));
    await this.consumeReply(customer);
    const { position } = await this.commands.execute(new ReplyToSupportCase(caseId, authorOf(customer, 'customer'), input, context));
    await this.projections.readYourWrite(position, PROJECTOR, `/api/support/cases/${caseId}`);
    return this.cases.byId(caseId, asCustomer(customer));
  }

  /** An attached image, re-encoded as WebP: only for the case's customer and staff who handle support, and never kept by shared caches. */
  @Get('support/cases/:id/attachments/:attachmentId/:file')
  @UseGuards(SignedInGuard)
  async attachment(
    @Param('id', caseIdParam) caseId: number,
    @Param('attachmentId', new ZodValidationPipe(attachmentIdSchema)) attachmentId: string,
    @Param('file', new ZodValidationPipe(attachmentFileSchema)) width: number,
    @CurrentUser() viewer: SessionUser,
    @Res() response: Response,
  ): Promise<void> {
    if (!(await this.cases.hasAttachment(caseId, attachmentId, asViewer(viewer)))) throw new NotFoundError('Image not found');
    const { bytes } = await this.queries.execute(new AttachedImageFile(attachmentId, width));
    sendPrivateWebp(response, bytes);
  }

  @Get('admin/support/cases')
  @RequirePermission('support:handle')
  async queue(@Query(new ZodValidationPipe(queueQuerySchema)) { status, page, pageSize }: z.infer<typeof queueQuerySchema>, @Res({ passthrough: true }) response: Response): Promise<SupportCaseView[]> {
    return pageHeaders(response, await this.cases.queue(status, { page, pageSize }));
  }

  @Get('admin/support/cases/:id')
  @RequirePermission('support:handle')
  adminCase(@Param('id', caseIdParam) caseId: number, @CurrentUser() admin: SessionUser): Promise<SupportCaseView> {
    return this.cases.byId(caseId, asViewer(admin));
  }

  /** The customer sees the answer on their dashboard and is mailed about it (notifications react to SupportCaseReplied). */
  @Post('admin/support/cases/:id/replies')
  @RequirePermission('support:handle')
  async answer(
    @Param('id', caseIdParam) caseId: number,
    @Body(new ZodValidationPipe(supportReplyInputSchema)) input: SupportReplyInput,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ): Promise<SupportCaseView> {
    const { position } = await this.commands.execute(new ReplyToSupportCase(caseId, authorOf(admin, 'admin'), input, context));
    await this.projections.readYourWrite(position, PROJECTOR, `/api/admin/support/cases/${caseId}`);
    return this.cases.byId(caseId, asViewer(admin));
  }

  @Post('admin/support/cases/:id/close')
  @RequirePermission('support:handle')
  @HttpCode(200)
  async close(@Param('id', caseIdParam) caseId: number, @CurrentUser() admin: SessionUser, @Context() context: CommandContext): Promise<SupportCaseView> {
    const { position } = await this.commands.execute(new CloseSupportCase(caseId, admin.id, context));
    await this.projections.readYourWrite(position, PROJECTOR, `/api/admin/support/cases/${caseId}`);
    return this.cases.byId(caseId, asViewer(admin));
  }

  private consumeReply(user: SessionUser): Promise<void> {
    return this.rateLimiter.consume(`support-reply:${user.id}`, REPLIES_PER_HOUR, HOUR_MS, 'Too many replies. Please try again later.');
  }
}
