import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AttachUploadedImage } from '../../media/commands/public';
import { CommandContext } from '../../shared/event-sourcing/command-context';

/**
 * A message's images become private attachments through the media context before the message is
 * recorded, so the log never names an attachment whose files are not stored. One at a time: each
 * is a re-encoding, and five at once from every customer would crowd out everyone else.
 */
@Injectable()
export class SupportAttachments {
  constructor(private readonly commands: CommandBus) {}

  async attach(uploadIds: string[], authorId: string, context: CommandContext): Promise<string[]> {
    for (const uploadId of uploadIds) await this.commands.execute(new AttachUploadedImage(uploadId, authorId, context));
    return uploadIds;
  }
}
