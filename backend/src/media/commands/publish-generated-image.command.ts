import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { CommandContext } from '../../shared/event-sourcing/command-context';
import { EncodedVariant, encodeVariants, sha256Of } from './image-pipeline';
import { ImagePublisher } from './image-publisher';
import { BoundedMap } from '../../shared/bounded-map';

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
const MAX_RENDERED = 100;
const rendered = new BoundedMap<string, Promise<EncodedVariant[]>>(MAX_RENDERED);

@CommandHandler(PublishGeneratedImage)
export class PublishGeneratedImageHandler implements ICommandHandler<PublishGeneratedImage> {
  constructor(private readonly images: ImagePublisher) {}

  async execute({ svg, description, context }: PublishGeneratedImage) {
    const hash = sha256Of(svg);
    const { objectPath } = await this.images.publish(`generated:${hash}`, await variantsOf(svg, hash), { kind: 'generated', description }, context);
    return { objectPath };
  }
}

/**
 * Encodings of the shop's own drawings also outlive the process, in the machine's temporary
 * folder: a drawing (by its hash) always encodes to the same bytes, and every test process and
 * restarted demo would otherwise pay the encoding again. An unreadable entry is simply made anew.
 */
const ENCODED_DIR = join(tmpdir(), 'research-shop-generated-images-v1');

async function encodedOnce(svg: string, hash: string): Promise<EncodedVariant[]> {
  const file = join(ENCODED_DIR, `${hash}.bin`);
  try {
    const cached = deserialize(await readFile(file)) as EncodedVariant[];
    if (Array.isArray(cached) && cached.every((variant) => ArrayBuffer.isView(variant?.bytes))) {
      return cached.map((variant) => ({ ...variant, bytes: Buffer.from(variant.bytes) }));
    }
  } catch {
    // Not encoded on this machine yet (or unreadable): encode below.
  }
  const variants = await encodeVariants(Buffer.from(svg));
  try {
    await mkdir(ENCODED_DIR, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, serialize(variants), { mode: 0o600 });
    await rename(temporary, file);
  } catch {
    // A cache that cannot be written costs only time.
  }
  return variants;
}

function variantsOf(svg: string, hash: string): Promise<EncodedVariant[]> {
  let variants = rendered.get(hash);
  if (variants === undefined) {
    variants = encodedOnce(svg, hash);
    variants.catch(() => rendered.delete(hash));
    rendered.set(hash, variants);
  }
  return variants;
}
