import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { UPLOAD_MESSAGES } from '../../backend/src/media/contract/upload-rules';
import { EVENT_STORE, EventStore } from '../../backend/src/storage/event-store/event-store.port';
import { OBJECT_STORE, ObjectStore } from '../../backend/src/storage/object-store/object-store.port';
import { UPLOAD_GRACE_MS, UploadSweep } from '../../backend/src/media/processes/upload-sweep';
import { ProjectionRunner } from '../../projections/runner/projection-runner';
import { signInAsAdmin, signUp, startTestApp, TestApp } from '../support/test-app';

/** A real picture: a colour ramp, so the encoder has something to encode. */
async function pngOf(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) pixels.set([(i % width) % 256, Math.floor(i / width) % 256, 160], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** 89 bytes of valid PNG header claiming 10000 × 5000 pixels: a decompression bomb's opening. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);
}

/** The audit trail is a read model: it follows the log a moment later. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const value = await read();
    if (done(value) || attempt === 50) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const UPLOAD_URL = /^\/api\/objects\/uploads\/([a-f0-9]{32})\?expires=(\d{13})&signature=([A-Za-z0-9_-]{43})$/;
const OBJECT_PATH = /^\/objects\/images\/([a-f0-9]{24}-\d+x\d+)\/640\.webp$/;

describe('Media: signed uploads, content checks and WebP variants of product images', () => {
  let shop: TestApp;
  let admin: request.Agent;
  let adminId: string;
  let events: EventStore;

  const newUploadUrl = async (): Promise<string> => (await admin.post('/api/objects/upload').expect(200)).body.uploadURL;
  const uploadIdOf = (uploadURL: string) => UPLOAD_URL.exec(uploadURL)![1];
  /** The browser's PUT: no cookie, the signature is the authority; the content type is whatever the file's name suggested. */
  const put = (uploadURL: string, bytes: Buffer, contentType = 'image/png') => request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', contentType).send(bytes);
  const storedOriginal = async (uploadURL: string) => (await shop.app.get<ObjectStore>(OBJECT_STORE).get(`uploads/${uploadIdOf(uploadURL)}`))!.bytes;
  const storedUploads = () => (existsSync(join(shop.dataDir, 'objects', 'uploads')) ? readdirSync(join(shop.dataDir, 'objects', 'uploads')) : []);
  const uploadHistory = async (uploadURL: string) => (await events.readStream(`upload-${uploadIdOf(uploadURL)}`)).map((event) => event.type);
  const expectNothingStored = async (uploadURL: string) => {
    expect(storedUploads()).not.toContain(uploadIdOf(uploadURL));
    expect(await uploadHistory(uploadURL)).toEqual(['UploadUrlIssued']);
  };
  const uploadAndProcess = async (bytes: Buffer): Promise<{ uploadURL: string; objectPath: string; imageId: string }> => {
    const uploadURL = await newUploadUrl();
    await put(uploadURL, bytes).expect(200);
    const { objectPath } = (await admin.put('/api/product-images').send({ imageURL: uploadURL }).expect(200)).body;
    return { uploadURL, objectPath, imageId: OBJECT_PATH.exec(objectPath)![1] };
  };

  beforeAll(async () => {
    shop = await startTestApp();
    events = shop.app.get<EventStore>(EVENT_STORE);
    admin = shop.agent();
    await signInAsAdmin(admin);
    adminId = (await admin.get('/api/auth/user').expect(200)).body.id;
  });
  afterAll(async () => {
    await shop.close();
  });

  describe('the whole journey of the back office', () => {
    let uploadURL: string;
    let objectPath: string;
    let original: Buffer;

    beforeAll(async () => {
      original = await pngOf(1600, 1200);
    });

    it('gives an administrator a signed, short-lived, same-origin upload link, and records it as theirs', async () => {
      uploadURL = await newUploadUrl();
      const [, uploadId, expires] = UPLOAD_URL.exec(uploadURL)!;
      expect(Number(expires) - Date.now()).toBeGreaterThan(290_000);
      expect(Number(expires) - Date.now()).toBeLessThanOrEqual(300_000);
      const [issued] = await events.readStream(`upload-${uploadId}`);
      expect(issued).toMatchObject({ type: 'UploadUrlIssued', data: { uploadId, issuedTo: adminId }, metadata: { actorId: adminId } });
    });

    it('takes the bytes at the link without a session, telling the type by the content (a PNG sent as image/jpeg is a PNG)', async () => {
      expect((await put(uploadURL, original, 'image/jpeg').expect(200)).body).toEqual({ ok: true });
      const [, received] = await events.readStream(`upload-${uploadIdOf(uploadURL)}`);
      expect(received).toMatchObject({
        type: 'UploadReceived',
        data: { bytes: expect.any(Number), contentType: 'image/png', width: 1600, height: 1200, sha256: expect.stringMatching(/^[a-f0-9]{64}$/) },
        metadata: { actorId: adminId },
      });
      expect(storedUploads()).toContain(uploadIdOf(uploadURL));
      // The facts describe the stored original (encoded again), whose digest the later steps check.
      const stored = await storedOriginal(uploadURL);
      expect(received.data).toMatchObject({ bytes: stored.length, sha256: createHash('sha256').update(stored).digest('hex') });
    });

    it('makes the upload into the product image, answering its path; asking again answers the same path', async () => {
      const first = await admin.put('/api/product-images').send({ imageURL: uploadURL }).expect(200);
      objectPath = first.body.objectPath;
      expect(objectPath).toMatch(OBJECT_PATH);
      expect(objectPath).toMatch(/-1280x960\/640\.webp$/);
      expect((await admin.put('/api/product-images').send({ imageURL: uploadURL }).expect(200)).body).toEqual({ objectPath });
      // The browser may send the absolute URL it was given.
      expect((await admin.put('/api/product-images').send({ imageURL: `http://shop.example${uploadURL}` }).expect(200)).body).toEqual({ objectPath });
      const imageId = OBJECT_PATH.exec(objectPath)![1];
      expect((await events.readStream(`image-${imageId}`)).map((event) => event.type)).toEqual(['ImageProcessed']);
      expect(await uploadHistory(uploadURL)).toEqual(['UploadUrlIssued', 'UploadReceived', 'UploadUsedForImage']);
    });

    it('shows the image on the product created with it', async () => {
      const product = (await admin.post('/api/admin/products').send({ name: 'Pictured Peptide', sku: 'MEDIA-1', price: '40.00', stock: 3, imageUrl: objectPath }).expect(201)).body;
      expect((await shop.agent().get(`/api/products/${product.id}`).expect(200)).body.imageUrl).toBe(objectPath);
    });

    it('serves every width as a real WebP, fitted inside its square, cached for a year, with an ETag', async () => {
      for (const [width, height] of [
        [320, 240],
        [640, 480],
        [1280, 960],
      ]) {
        const path = objectPath.replace('/640.webp', `/${width}.webp`);
        const response = await shop.agent().get(path).responseType('blob').expect(200);
        expect(response.headers['content-type']).toBe('image/webp');
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers.etag).toMatch(/^"[a-f0-9]{32}"$/);
        const metadata = await sharp(response.body as Buffer).metadata();
        expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['webp', width, height, undefined]);
        await shop.agent().get(path).set('If-None-Match', response.headers.etag).expect(304);
      }
    });

    it('tells the story in the audit trail, in words, as the administrator\'s', async () => {
      const entries = await eventually(async () => (await admin.get('/api/admin/audit').query({ stream: `upload-${uploadIdOf(uploadURL)}` }).expect(200)).body.entries, (found) => found.length === 3);
      expect(entries.map((entry: { summary: string; actor: { role: string } }) => [entry.summary, entry.actor.role])).toEqual([
        [expect.stringMatching(/^Upload link issued, valid until \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m Sydney time$/), 'owner'],
        [expect.stringMatching(/^Image uploaded: PNG, 1600 × 1200 px, \d+(\.\d)? [KM]B$/), 'owner'],
        [`Upload made into image ${OBJECT_PATH.exec(objectPath)![1]}`, 'owner'],
      ]);
      const image = await eventually(async () => (await admin.get('/api/admin/audit').query({ stream: `image-${OBJECT_PATH.exec(objectPath)![1]}` }).expect(200)).body.entries, (found) => found.length === 1);
      expect(image[0].summary).toBe(`Image ${OBJECT_PATH.exec(objectPath)![1]} from upload ${uploadIdOf(uploadURL)}; WebP 320 × 240, 640 × 480, 1280 × 960 px`);
    });

    it('never serves an uploaded original, an unknown image or width, nor the storefront page for /objects/', async () => {
      const imageId = OBJECT_PATH.exec(objectPath)![1];
      for (const path of [
        `/objects/uploads/${uploadIdOf(uploadURL)}`,
        `/objects/images/${imageId}/800.webp`,
        `/objects/images/${imageId}/640.png`,
        `/objects/images/${'0'.repeat(24)}-1280x960/640.webp`,
        `/objects/images/..%2Fuploads%2F${uploadIdOf(uploadURL)}/640.webp`,
        '/objects/images/../../uploads/x',
      ]) {
        const response = await shop.agent().get(path);
        expect([path, response.status]).toEqual([path, 404]);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
    });
  });

  describe('refusals, each storing nothing', () => {
    it('refuses a text file named .png by its content', async () => {
      const uploadURL = await newUploadUrl();
      const response = await put(uploadURL, Buffer.from('Certificate of analysis: 99.1% purity\n'.repeat(20)), 'image/png').expect(400);
      expect(response.body).toEqual({ message: 'The file is not an image (PNG, JPEG, WebP, GIF or AVIF)' });
      await expectNothingStored(uploadURL);
      // Nothing was recorded, so the link still takes the real image.
      await put(uploadURL, await pngOf(40, 30)).expect(200);
    });

    it('refuses an SVG (it may carry scripts) and an image claiming absurdly many pixels', async () => {
      const svgURL = await newUploadUrl();
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
      expect((await put(svgURL, Buffer.from(svg), 'image/svg+xml').expect(400)).body.message).toBe(UPLOAD_MESSAGES.notAnImage);
      await expectNothingStored(svgURL);
      const bombURL = await newUploadUrl();
      expect((await put(bombURL, pngClaiming(10_000, 5_000)).expect(400)).body.message).toBe(UPLOAD_MESSAGES.tooManyPixels);
      await expectNothingStored(bombURL);
    });

    it('refuses an image that does not decode in full (a truncated JPEG)', async () => {
      const uploadURL = await newUploadUrl();
      const jpeg = await sharp(await pngOf(400, 300)).jpeg().toBuffer();
      const response = await put(uploadURL, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg').expect(400);
      expect(response.body).toEqual({ message: UPLOAD_MESSAGES.unreadable });
      await expectNothingStored(uploadURL);
    });

    it('keeps the image, not what rode along: a valid PNG followed by 9 MB of zeros is stored as the PNG alone', async () => {
      const uploadURL = await newUploadUrl();
      const padded = Buffer.concat([await pngOf(64, 48), Buffer.alloc(9 * 1024 * 1024)]);
      await put(uploadURL, padded).expect(200);
      const stored = await storedOriginal(uploadURL);
      expect(stored.length).toBeLessThan(64 * 1024);
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    });

    it('refuses an 11 MB image with 413', async () => {
      const uploadURL = await newUploadUrl();
      const side = 1970;
      // Stored without compression: 1970 × 1970 × 3 bytes of pixels.
      const huge = await sharp(Buffer.alloc(side * side * 3, 7), { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(huge.length).toBeGreaterThan(11 * 1024 * 1024);
      const response = await put(uploadURL, huge).expect(413);
      expect(response.body).toEqual({ message: 'The image is larger than 10 MB' });
      await expectNothingStored(uploadURL);
    });

    it('stops reading a body without a length once it passes 10 MB', async () => {
      const uploadURL = await newUploadUrl();
      const test = request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', 'image/png');
      for (let i = 0; i < 11; i += 1) test.write(Buffer.alloc(1024 * 1024, i));
      const response = await test;
      expect([response.status, response.body]).toEqual([413, { message: 'The image is larger than 10 MB' }]);
      await expectNothingStored(uploadURL);
    });

    it('refuses an expired link, saying to ask for a new one', async () => {
      const uploadURL = await newUploadUrl();
      const expires = Number(UPLOAD_URL.exec(uploadURL)![2]);
      const clock = jest.spyOn(Date, 'now').mockReturnValue(expires + 1);
      try {
        const response = await put(uploadURL, await pngOf(40, 30)).expect(403);
        expect(response.body).toEqual({ message: UPLOAD_MESSAGES.expired });
        expect(response.body.message).toMatch(/expired.*Request a new upload link/);
      } finally {
        clock.mockRestore();
      }
      await expectNothingStored(uploadURL);
    });

    it('refuses a link used before with 409, keeping the first image', async () => {
      const uploadURL = await newUploadUrl();
      const first = await pngOf(40, 30);
      await put(uploadURL, first).expect(200);
      const response = await put(uploadURL, await pngOf(80, 60)).expect(409);
      expect(response.body).toEqual({ message: UPLOAD_MESSAGES.alreadyUsed });
      expect(await uploadHistory(uploadURL)).toEqual(['UploadUrlIssued', 'UploadReceived']);
      const [, received] = await events.readStream(`upload-${uploadIdOf(uploadURL)}`);
      expect(received.data).toMatchObject({ width: 40, height: 30 });
    });

    it('refuses a link whose signature, expiry or id was changed, or that has no signature', async () => {
      const uploadURL = await newUploadUrl();
      const [, uploadId, expires, signature] = UPLOAD_URL.exec(uploadURL)!;
      const other = await newUploadUrl();
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      for (const forged of [
        `/api/objects/uploads/${uploadId}?expires=${expires}&signature=${flipped}`,
        `/api/objects/uploads/${uploadId}?expires=${Number(expires) + 3_600_000}&signature=${signature}`,
        `/api/objects/uploads/${uploadIdOf(other)}?expires=${expires}&signature=${signature}`,
        `/api/objects/uploads/${uploadId}?expires=${expires}`,
        `/api/objects/uploads/${uploadId}`,
      ]) {
        const response = await put(forged, await pngOf(40, 30));
        expect([forged, response.status, response.body]).toEqual([forged, 403, { message: UPLOAD_MESSAGES.badSignature }]);
      }
      await expectNothingStored(uploadURL);
      await expectNothingStored(other);
    });
  });

  describe('the image pipeline', () => {
    it('turns a photo upright as its EXIF says and drops its metadata', async () => {
      const sideways = await sharp(await pngOf(1600, 1000)).jpeg().withMetadata({ orientation: 6 }).withExifMerge({ IFD0: { Copyright: 'Secret Lab' } }).toBuffer();
      const { objectPath, imageId } = await uploadAndProcess(sideways);
      expect(imageId).toMatch(/-800x1280$/);
      const bytes = (await shop.agent().get(objectPath.replace('/640.webp', '/1280.webp')).responseType('blob').expect(200)).body as Buffer;
      const metadata = await sharp(bytes).metadata();
      expect([metadata.width, metadata.height, metadata.orientation, metadata.exif]).toEqual([800, 1280, undefined, undefined]);
    });

    it('never enlarges a small image: every width serves its own size', async () => {
      const { objectPath, imageId } = await uploadAndProcess(await pngOf(200, 150));
      expect(imageId).toMatch(/-200x150$/);
      for (const width of [320, 640, 1280]) {
        const bytes = (await shop.agent().get(objectPath.replace('/640.webp', `/${width}.webp`)).responseType('blob').expect(200)).body as Buffer;
        expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 200, height: 150 });
      }
    });

    it.each([
      ['JPEG', 'image/jpeg', (image: sharp.Sharp) => image.jpeg()],
      ['WebP', 'image/webp', (image: sharp.Sharp) => image.webp()],
      // Kept as PNG and WebP: encoding a GIF or an AVIF again costs seconds per image.
      ['GIF', 'image/png', (image: sharp.Sharp) => image.gif()],
      ['AVIF', 'image/webp', (image: sharp.Sharp) => image.avif()],
    ])('takes a %s (its original kept as %s)', async (_, contentType, encode) => {
      const uploadURL = await newUploadUrl();
      await put(uploadURL, await encode(sharp(await pngOf(64, 48))).toBuffer(), 'application/octet-stream').expect(200);
      const [, received] = await events.readStream(`upload-${uploadIdOf(uploadURL)}`);
      expect(received.data).toMatchObject({ contentType, width: 64, height: 48 });
    });
  });

  describe('the demo catalogue', () => {
    it('gives every demo product a picture of its own, made by the shop through the same pipeline', async () => {
      const products = (await shop.agent().get('/api/products').expect(200)).body as { sku: string; imageUrl: string | null }[];
      const demo = products.filter((product) => product.sku !== 'MEDIA-1');
      expect(demo.length).toBeGreaterThanOrEqual(24);
      expect(demo.every((product) => OBJECT_PATH.test(product.imageUrl ?? ''))).toBe(true);
      expect(new Set(demo.map((product) => product.imageUrl)).size).toBe(demo.length);
      const bytes = (await shop.agent().get(demo[0].imageUrl!).responseType('blob').expect(200)).body as Buffer;
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
      const imageId = OBJECT_PATH.exec(demo[0].imageUrl!)![1];
      const [processed] = await events.readStream(`image-${imageId}`);
      expect(processed).toMatchObject({ type: 'ImageProcessed', data: { source: { kind: 'generated' } }, metadata: { actorId: 'system' } });
    });
  });

  describe('who may do what', () => {
    it('lets only administrators ask for a link or make an image', async () => {
      expect((await shop.agent().post('/api/objects/upload').expect(401)).body.message).toEqual(expect.any(String));
      const customer = shop.agent();
      await signUp(customer);
      expect((await customer.post('/api/objects/upload').expect(403)).body.message).toEqual(expect.any(String));
      const uploadURL = await newUploadUrl();
      await put(uploadURL, await pngOf(40, 30)).expect(200);
      await shop.agent().put('/api/product-images').send({ imageURL: uploadURL }).expect(401);
      await customer.put('/api/product-images').send({ imageURL: uploadURL }).expect(403);
      expect(await uploadHistory(uploadURL)).toEqual(['UploadUrlIssued', 'UploadReceived']);
    });

    it('answers clearly for an upload link never issued, one not uploaded to yet, and anything else', async () => {
      const unknown = await admin.put('/api/product-images').send({ imageURL: `/api/objects/uploads/${'0'.repeat(32)}?expires=1&signature=x` }).expect(404);
      expect(unknown.body).toEqual({ message: UPLOAD_MESSAGES.notFound });
      const empty = await admin.put('/api/product-images').send({ imageURL: await newUploadUrl() }).expect(400);
      expect(empty.body).toEqual({ message: UPLOAD_MESSAGES.notUploadedYet });
      for (const imageURL of ['https://example.com/picture.png', '/objects/images/x/640.webp', '']) {
        expect((await admin.put('/api/product-images').send({ imageURL }).expect(400)).body).toEqual({ message: 'imageURL must be the uploadURL the image was uploaded to' });
      }
    });
  });

  it('keeps a large original at 2560 px at most: no variant is wider than 1280', async () => {
    const uploadURL = await newUploadUrl();
    await put(uploadURL, await sharp(await pngOf(3200, 1800)).jpeg().toBuffer()).expect(200);
    const [, received] = await events.readStream(`upload-${uploadIdOf(uploadURL)}`);
    expect(received.data).toMatchObject({ contentType: 'image/jpeg', width: 2560, height: 1440 });
    expect(await sharp(await storedOriginal(uploadURL)).metadata()).toMatchObject({ format: 'jpeg', width: 2560, height: 1440 });
  });

  describe('uploads not used in time', () => {
    it('deletes an upload never made into an image or attached, once its link expired and an hour passed, and records it; a used one stays', async () => {
      const unused = await newUploadUrl();
      await put(unused, await pngOf(40, 30)).expect(200);
      const never = await newUploadUrl();
      const used = await uploadAndProcess(await pngOf(48, 36));
      await shop.app.get(ProjectionRunner).catchUp();
      const sweep = shop.app.get(UploadSweep);
      const linkEnds = Number(UPLOAD_URL.exec(unused)![2]);
      // Within the hour after the link expired: kept (an attachment may be on its way).
      await sweep.sweep(linkEnds + UPLOAD_GRACE_MS - 60_000);
      expect(storedUploads()).toContain(uploadIdOf(unused));
      expect(await uploadHistory(unused)).toEqual(['UploadUrlIssued', 'UploadReceived']);

      expect(await sweep.sweep(linkEnds + UPLOAD_GRACE_MS + 60_000)).toBeGreaterThanOrEqual(2);
      expect(storedUploads()).not.toContain(uploadIdOf(unused));
      expect(await uploadHistory(unused)).toEqual(['UploadUrlIssued', 'UploadReceived', 'UploadDiscarded']);
      expect(await uploadHistory(never)).toEqual(['UploadUrlIssued', 'UploadDiscarded']);
      expect(await uploadHistory(used.uploadURL)).not.toContain('UploadDiscarded');
      // Asking for it now says it is gone; the image made earlier is still served.
      expect((await admin.put('/api/product-images').send({ imageURL: unused }).expect(400)).body).toEqual({ message: UPLOAD_MESSAGES.discarded });
      await shop.agent().get(used.objectPath).expect(200);
    });
  });
});

describe('Media: each account keeps so much in support attachments', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp({ env: { ATTACHMENT_QUOTA_MB: '1' } });
  });
  afterAll(async () => {
    await shop.close();
  });

  /** A picture that does not compress: about 700 KB stored, whatever its encoding. */
  const noise = () => sharp(randomBytes(480 * 480 * 3), { raw: { width: 480, height: 480, channels: 3 } }).png().toBuffer();
  const attachmentLink = async (agent: ReturnType<TestApp['agent']>) => (await agent.post('/api/objects/upload').send({ purpose: 'support-attachment' }).expect(200)).body.uploadURL as string;
  const send = (uploadURL: string, bytes: Buffer) => request(shop.app.getHttpServer()).put(uploadURL).set('Content-Type', 'image/png').send(bytes);

  it('refuses the upload that would take an account past ATTACHMENT_QUOTA_MB, saying how much it keeps; others are not held back', async () => {
    const customer = shop.agent();
    await signUp(customer);
    await send(await attachmentLink(customer), await noise()).expect(200);
    await shop.app.get(ProjectionRunner).catchUp();
    const refused = await send(await attachmentLink(customer), await noise()).expect(409);
    expect(refused.body.message).toMatch(/^Your support attachments already take 0\.\d MB of the 1 MB each account may keep\./);
    const other = shop.agent();
    await signUp(other);
    await send(await attachmentLink(other), await noise()).expect(200);
  });
});
