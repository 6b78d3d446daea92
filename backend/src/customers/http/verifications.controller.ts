import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { z } from 'zod';
import { VerificationQueries } from '../../../../projections/customers/verifications.queries';
import { ProjectionRunner } from '../../../../projections/runner/projection-runner';
import { APP_CONFIG, AppConfig } from '../../config';
import { SessionUser } from '../../identity/contract/session-user';
import { may } from '../../identity/contract/staff-roles';
import { AttachedImageFile } from '../../media/commands/public';
import { pageQuerySchema } from '../../shared/contract/paging-input';
import { NotFoundError } from '../../shared/errors';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { RequirePermission, SignedInGuard } from '../../shared/http/guards';
import { pageHeaders } from '../../shared/http/paged-response';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { DecideVerification } from '../commands/decide-verification.command';
import { SubmitVerification } from '../commands/submit-verification.command';
import { VERIFICATION_STATUSES } from '../contract/verification.events';
import { VERIFICATION_MESSAGES, VerificationInput, verificationInputSchema, VerificationRejection, verificationRejectionSchema } from '../contract/verification-input';
import type { MyVerificationView, VerificationPolicyView, VerificationView } from '../contract/verification.views';
import { sendPrivateWebp } from '../../shared/http/private-image';

/** A verification's id is its customer's account id. */
const verificationIdParam = new ZodValidationPipe(z.string().regex(/^[0-9a-f-]{36}$/, VERIFICATION_MESSAGES.notFound));
const queueQuerySchema = pageQuerySchema.extend({ status: z.enum(VERIFICATION_STATUSES, { message: 'status is submitted, approved or rejected' }).optional() }).strict();
const documentFileSchema = z
  .string()
  .regex(/^\d{3,4}\.webp$/, 'Image not found')
  .transform((file) => Number.parseInt(file, 10));

const HOUR_MS = 60 * 60 * 1000;
/** A submission re-encodes a photo; a rejected customer tries again a few times at most. */
const SUBMISSIONS_PER_HOUR = 10;
const PROJECTOR = ['verifications'];

/**
 * Institution verification before shipping: the signed-in customer's own under /api/user/verification, the back
 * office's queue under /api/admin/verifications, the document photo for its customer and administrators only.
 */
@Controller('api')
export class VerificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly verifications: VerificationQueries,
    private readonly projections: ProjectionRunner,
    private readonly rateLimiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether this shop asks for verification before shipping, for anyone (a guest's order page asks them after their order). */
  @Get('verifications/policy')
  policy(): VerificationPolicyView {
    return { required: this.config.verifyBeforeShipping };
  }

  @Get('user/verification')
  @UseGuards(SignedInGuard)
  async mine(@CurrentUser() customer: SessionUser): Promise<MyVerificationView> {
    return { required: this.config.verifyBeforeShipping, verification: await this.verifications.ofCustomer(customer.id) };
  }

  @Post('user/verification')
  @UseGuards(SignedInGuard)
  async submit(@Body(new ZodValidationPipe(verificationInputSchema)) input: VerificationInput, @CurrentUser() customer: SessionUser, @Context() context: CommandContext): Promise<MyVerificationView> {
    await this.rateLimiter.consume(`verification:${customer.id}`, SUBMISSIONS_PER_HOUR, HOUR_MS, 'Too many verification attempts. Please try again later.');
    const { position } = await this.commands.execute(new SubmitVerification(customer, input, context));
    await this.projections.readYourWrite(position, PROJECTOR, '/api/user/verification');
    return this.mine(customer);
  }

  /** The document photo, re-encoded as WebP: only for its customer and administrators, and never kept by shared caches. */
  @Get('verifications/:id/document/:file')
  @UseGuards(SignedInGuard)
  async document(
    @Param('id', verificationIdParam) customerId: string,
    @Param('file', new ZodValidationPipe(documentFileSchema)) width: number,
    @CurrentUser() viewer: SessionUser,
    @Res() response: Response,
  ): Promise<void> {
    const documentId = await this.verifications.documentOf(customerId, { id: viewer.id, seesAll: may(viewer.role, 'verifications:decide') });
    if (documentId === null) throw new NotFoundError('Image not found');
    const { bytes } = await this.queries.execute(new AttachedImageFile(documentId, width));
    sendPrivateWebp(response, bytes);
  }

  @Get('admin/verifications')
  @RequirePermission('verifications:decide')
  async queue(@Query(new ZodValidationPipe(queueQuerySchema)) { status, page, pageSize }: z.infer<typeof queueQuerySchema>, @Res({ passthrough: true }) response: Response): Promise<VerificationView[]> {
    return pageHeaders(response, await this.verifications.queue(status, { page, pageSize }));
  }

  /** The customer is mailed; their paid orders may ship from now on. */
  @Post('admin/verifications/:id/approve')
  @RequirePermission('verifications:decide')
  @HttpCode(200)
  async approve(@Param('id', verificationIdParam) customerId: string, @CurrentUser() admin: SessionUser, @Context() context: CommandContext): Promise<VerificationView> {
    const { position } = await this.commands.execute(new DecideVerification(customerId, { kind: 'approve' }, admin.id, context));
    await this.projections.readYourWrite(position, PROJECTOR, `/api/admin/verifications/${customerId}`);
    return this.verifications.byId(customerId);
  }

  /** The customer is mailed the reason and may submit again. */
  @Post('admin/verifications/:id/reject')
  @RequirePermission('verifications:decide')
  @HttpCode(200)
  async reject(
    @Param('id', verificationIdParam) customerId: string,
    @Body(new ZodValidationPipe(verificationRejectionSchema)) { reason }: VerificationRejection,
    @CurrentUser() admin: SessionUser,
    @Context() context: CommandContext,
  ): Promise<VerificationView> {
    const { position } = await this.commands.execute(new DecideVerification(customerId, { kind: 'reject', reason }, admin.id, context));
    await this.projections.readYourWrite(position, PROJECTOR, `/api/admin/verifications/${customerId}`);
    return this.verifications.byId(customerId);
  }
}
