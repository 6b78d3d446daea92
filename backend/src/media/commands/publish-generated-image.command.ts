import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { EncodedVariant, encodeVariants, sha256Of } from './image-pipeline';
import { ImagePublisher } from './image-publisher';

/**
 * A picture the shop draws itself (the demo catalogue's labelled vials) becomes an image like an
 * upload does: the same pipeline rasterises the SVG into the same WebP variants, and the same record
 * follows. SVG is taken here only because it comes from the shop's own code; an upload never may be one.
 */
export class PublishGeneratedImage extends Command<{ objectPath: string }> {
  constructor(
    readonly svg: string,
    readonly description: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Rendered variants per drawing (by its hash) for the life of the process: every test app fills a
 * fresh store with the same demo catalogue, and encoding is the costly part, not storing.
 */
const rendered = new Map<string, Promise<EncodedVariant[]>>();
const MAX_RENDERED = 100;

@CommandHandler(PublishGeneratedImage)
export class PublishGeneratedImageHandler implements ICommandHandler<PublishGeneratedImage> {
  constructor(private readonly images: ImagePublisher) {}

  async execute({ svg, description, context }: PublishGeneratedImage) {
    const hash = sha256Of(svg);
    const { objectPath } = await this.images.publish(`generated:${hash}`, await variantsOf(svg, hash), { kind: 'generated', description }, context);
    return { objectPath };
  }
}

function variantsOf(svg: string, hash: string): Promise<EncodedVariant[]> {
  let variants = rendered.get(hash);
  if (variants === undefined) {
    variants = encodeVariants(Buffer.from(svg));
    variants.catch(() => rendered.delete(hash));
    if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
    rendered.set(hash, variants);
  }
  return variants;
}
