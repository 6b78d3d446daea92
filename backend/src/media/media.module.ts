import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AttachedImageFileHandler, AttachUploadedImageHandler, AttachUploadedImagesHandler } from './commands/attach-uploaded-image.command';
import { ImagePublisher } from './commands/image-publisher';
import { IssueUploadUrlHandler } from './commands/issue-upload-url.command';
import { ProcessUploadedImageHandler } from './commands/process-uploaded-image.command';
import { PublishGeneratedImageHandler } from './commands/publish-generated-image.command';
import { ReceiveUploadHandler } from './commands/receive-upload.command';
import { UploadLinks } from './commands/upload-links';
import { ImagesController } from './http/images.controller';
import { UploadsController } from './http/uploads.controller';
import { UploadSweep } from './processes/upload-sweep';
import { PendingUploadQueries } from '../../../projections/media/pending-upload.queries';
import { ErasePrivateUploadsHandler } from './commands/erase-private-uploads.command';
import { PendingUploadsProjector } from '../../../projections/media/pending-uploads.projector';

/** Images for the back office, the storefront and support cases: signed uploads, content checks, WebP variants, serving, and the sweep of unused uploads. */
@Module({
  imports: [CqrsModule],
  controllers: [UploadsController, ImagesController],
  providers: [UploadLinks, ImagePublisher, IssueUploadUrlHandler, ReceiveUploadHandler, ProcessUploadedImageHandler, PublishGeneratedImageHandler, AttachUploadedImageHandler, AttachUploadedImagesHandler, AttachedImageFileHandler, PendingUploadsProjector, PendingUploadQueries, UploadSweep, ErasePrivateUploadsHandler],
  exports: [UploadSweep],
})
export class MediaModule {}
