import { randomBytes, randomUUID } from 'node:crypto';
import { InvalidObjectKeyError, ObjectStore } from '../../backend/src/storage/object-store/object-store.port';

export interface ObjectStoreUnderTest {
  store: ObjectStore;
  /** Opens the same storage again, as a restarted process would. */
  reopen: () => ObjectStore;
  dispose: () => Promise<void>;
}

/** Every ObjectStore adapter must pass this suite unchanged. */
export function describeObjectStoreContract(adapterName: string, open: () => Promise<ObjectStoreUnderTest>) {
  describe(`ObjectStore contract: ${adapterName}`, () => {
    let subject: ObjectStoreUnderTest;
    let store: ObjectStore;
    /** Keys of this test only, so runs against a shared bucket never see each other's objects. */
    let prefix: string;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
      prefix = `contract-${randomUUID()}`;
    });
    afterEach(async () => {
      await subject.dispose();
    });

    it('knows nothing of a key never stored', async () => {
      expect(await store.get(`${prefix}/missing`)).toBeNull();
      expect(await store.get(`${prefix}/nested/folder/missing.webp`)).toBeNull();
    });

    it('gives back exactly the bytes and the content type it was given, every byte value included', async () => {
      const bytes = Buffer.concat([Buffer.from([0x0a, 0x00, 0x0d, 0x0a]), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4096)]);
      await store.put(`${prefix}/images/abc/640.webp`, bytes, 'image/webp');
      const stored = await store.get(`${prefix}/images/abc/640.webp`);
      expect(stored).toEqual({ bytes: expect.any(Buffer), contentType: 'image/webp', size: bytes.length });
      expect(stored!.bytes.equals(bytes)).toBe(true);
    });

    it('keeps an empty object and a 10 MB one', async () => {
      await store.put(`${prefix}/empty`, Buffer.alloc(0), 'application/octet-stream');
      expect(await store.get(`${prefix}/empty`)).toMatchObject({ size: 0, contentType: 'application/octet-stream' });
      const large = randomBytes(10 * 1024 * 1024);
      await store.put(`${prefix}/uploads/large`, large, 'image/png');
      const stored = await store.get(`${prefix}/uploads/large`);
      expect(stored!.size).toBe(large.length);
      expect(stored!.bytes.equals(large)).toBe(true);
    });

    it('replaces an object stored again under the same key, content type included', async () => {
      await store.put(`${prefix}/a`, Buffer.from('first'), 'image/png');
      await store.put(`${prefix}/a`, Buffer.from('second, longer'), 'image/jpeg');
      const stored = await store.get(`${prefix}/a`);
      expect(stored!.bytes.toString()).toBe('second, longer');
      expect(stored!.contentType).toBe('image/jpeg');
    });

    it('keeps objects apart by key', async () => {
      await store.put(`${prefix}/images/one/320.webp`, Buffer.from('one'), 'image/webp');
      await store.put(`${prefix}/images/two/320.webp`, Buffer.from('two'), 'image/webp');
      expect((await store.get(`${prefix}/images/one/320.webp`))!.bytes.toString()).toBe('one');
      expect((await store.get(`${prefix}/images/two/320.webp`))!.bytes.toString()).toBe('two');
    });

    it('deletes an object, and deleting what is not there is no error', async () => {
      await store.put(`${prefix}/gone`, Buffer.from('x'), 'text/plain');
      await store.delete(`${prefix}/gone`);
      expect(await store.get(`${prefix}/gone`)).toBeNull();
      await expect(store.delete(`${prefix}/gone`)).resolves.toBeUndefined();
      await expect(store.delete(`${prefix}/never/was`)).resolves.toBeUndefined();
    });

    it('leaves one whole object when many writers store the same key at once', async () => {
      const versions = Array.from({ length: 12 }, (_, i) => Buffer.alloc(256 * 1024, i + 1));
      await Promise.all(versions.map((bytes) => store.put(`${prefix}/contended`, bytes, 'application/octet-stream')));
      const stored = await store.get(`${prefix}/contended`);
      expect(versions.some((bytes) => bytes.equals(stored!.bytes))).toBe(true);
    });

    it('still has every object after a restart', async () => {
      await store.put(`${prefix}/kept.webp`, Buffer.from('durable'), 'image/webp');
      const reopened = subject.reopen();
      expect(await reopened.get(`${prefix}/kept.webp`)).toEqual({ bytes: Buffer.from('durable'), contentType: 'image/webp', size: 7 });
    });

    it.each(['', '/etc/passwd', '../outside', 'images/../../outside', 'images/./x', 'a//b', 'a/', '.hidden', 'images/.tmp-1', 'a\\b', 'a b', 'images/x?y', `${'x'.repeat(129)}`])(
      'refuses the key %j for every operation, storing nothing',
      async (key) => {
        await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(InvalidObjectKeyError);
        await expect(store.get(key)).rejects.toThrow(InvalidObjectKeyError);
        await expect(store.delete(key)).rejects.toThrow(InvalidObjectKeyError);
      },
    );
  });
}
