import { Body, Controller, HttpCode, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { SessionUser } from '../../identity/contract/session-user';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { AdminGuard } from '../../shared/http/guards';
import { Context, CurrentUser } from '../../shared/http/request-context';
import { ZodValidationPipe } from '../../shared/http/zod-validation.pipe';
import { IssueUploadUrl } from '../commands/issue-upload-url.command';
import { ProcessUploadedImage } from '../commands/process-uploaded-image.command';
import { ReceiveUpload } from '../commands/receive-upload.command';
import { ProductImageInput, productImageInputSchema } from '../contract/media-input';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../contract/upload-rules';
import { readBodyUpTo } from './read-body';
import { SignedUploadGuard } from './signed-upload.guard';

/**
 * The back office's image upload (spec §2 Products tab, §5, §7): ask for a signed link, PUT the
 * bytes to it, then turn the upload into the product image whose path goes into the product's imageUrl.
 */
@Controller('api')
export class UploadsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('objects/upload')
  @HttpCode(200)
  @UseGuards(AdminGuard)
  issueUploadUrl(@CurrentUser() admin: SessionUser, @Context() context: CommandContext) {
    return this.commands.execute(new IssueUploadUrl(admin.id, context));
  }

  @Put('objects/uploads/:uploadId')
  @UseGuards(SignedUploadGuard)
  async receiveUpload(@Param('uploadId') uploadId: string, @Req() request: Request, @Context() context: CommandContext) {
    const bytes = await readBodyUpTo(request, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES.tooLarge);
    await this.commands.execute(new ReceiveUpload(uploadId, bytes, context));
    return { ok: true };
  }

  @Put('product-images')
  @UseGuards(AdminGuard)
  async productImage(@Body(new ZodValidationPipe(productImageInputSchema)) { uploadId }: ProductImageInput, @Context() context: CommandContext) {
    const { objectPath } = await this.commands.execute(new ProcessUploadedImage(uploadId, context));
    return { objectPath };
  }
}
