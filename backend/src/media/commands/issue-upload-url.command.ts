import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { uploadStream } from '../contract/media.events';
import { UploadPurpose } from '../contract/upload-rules';
import { uploadDecider } from '../domain/upload.decider';
import { UploadLinks } from './upload-links';

/** Someone signed in asks where to send an image for a purpose (the controller checks who may): a signed, short-lived, single-use link. */
export class IssueUploadUrl extends Command<{ uploadURL: string }> {
  constructor(
    readonly userId: string,
    readonly purpose: UploadPurpose,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(IssueUploadUrl)
export class IssueUploadUrlHandler implements ICommandHandler<IssueUploadUrl> {
  constructor(
    private readonly streams: StreamExecutor,
    private readonly links: UploadLinks,
  ) {}

  /** The link is handed out only once its issue is recorded, so every valid link has a stream to be used on. */
  async execute({ userId, purpose, context }: IssueUploadUrl) {
    const uploadId = randomBytes(16).toString('hex');
    const expiresAt = Date.now() + this.links.ttlMs;
    const events = uploadDecider.decide({ kind: 'issue', uploadId, issuedTo: userId, expiresAt: new Date(expiresAt).toISOString(), purpose }, uploadDecider.initialState);
    await this.streams.start(uploadStream(uploadId), events, context);
    return { uploadURL: this.links.linkTo(uploadId, expiresAt) };
  }
}
