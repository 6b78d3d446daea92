import { Body, Controller, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { SessionUser } from '../../identity/contract/session-user';
import { may } from '../../identity/contract/staff-roles';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { ForbiddenError } from '../../shared/errors';
import { forbiddenMessage, RequirePermission, SignedInGuard } from '../../shared/http/guards';
import { RateLimiter } from '../../shared/http/rate-limiter';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { IssueUploadUrl } from '../commands/issue-upload-url.command';
import { ProcessUploadedImage } from '../commands/process-uploaded-image.command';
import { ReceiveUpload } from '../commands/receive-upload.command';
import { ProductImageInput, productImageInputSchema, UploadRequest, uploadRequestSchema } from '../contract/media-input';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../contract/upload-rules';
import { readBodyUpTo } from './read-body';
import { SignedUploadGuard } from './signed-upload.guard';

/** Each link issued is an event: enough for a support case's five images many times over, not for flooding the log. */
const ATTACHMENT_LINKS_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The back office's image upload (spec §2 Products tab, §5, §7): ask for a signed link, PUT the
 * bytes to it, then turn the upload into the product image whose path goes into the product's imageUrl.
 * Signed-in customers get links only for support-case attachments, which never become product images.
 */
@Controller('api')
export class UploadsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly rateLimiter: RateLimiter,
  ) {}

  @Post('objects/upload')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async issueUploadUrl(@Body(new ZodValidationPipe(uploadRequestSchema)) { purpose }: UploadRequest, @CurrentUser() user: SessionUser, @Context() context: CommandContext) {
    const editsCatalogue = may(user.role, 'catalogue:write');
    if (purpose === 'product-image' && !editsCatalogue) throw new ForbiddenError(forbiddenMessage('catalogue:write'));
    if (!editsCatalogue) await this.rateLimiter.consume(`upload-link:${user.id}`, ATTACHMENT_LINKS_PER_HOUR, HOUR_MS, 'Too many uploads. Please try again later.');
    return this.commands.execute(new IssueUploadUrl(user.id, purpose, context));
  }

  @Put('objects/uploads/:uploadId')
  @UseGuards(SignedUploadGuard)
  async receiveUpload(@Param('uploadId') uploadId: string, @Req() request: Request, @Context() context: CommandContext) {
    const bytes = await readBodyUpTo(request, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES.tooLarge);
    await this.commands.execute(new ReceiveUpload(uploadId, bytes, context));
    return { ok: true };
  }

  @Put('product-images')
  @RequirePermission('catalogue:write')
  async productImage(@Body(new ZodValidationPipe(productImageInputSchema)) { uploadId }: ProductImageInput, @Context() context: CommandContext) {
    const { objectPath } = await this.commands.execute(new ProcessUploadedImage(uploadId, context));
    return { objectPath };
  }
}
