import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { signUp, startTestApp } from '../support/test-app';

const removeSqlite = (dataDir: string, name: string) => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `${name}${suffix}`), { force: true });
};

describe('Storage: what is rebuildable and what is not', () => {
  it('keeps every account when the read models are lost, and refuses to start, loudly, when the credentials are', async () => {
    const first = await startTestApp();
    const { dataDir } = first;
    const { email, password } = await signUp(first.agent());
    await first.stop();

    removeSqlite(dataDir, 'read-models.sqlite');
    const rebuilt = await startTestApp({ dataDir });
    await rebuilt.agent().post('/api/auth/login').send({ email, password }).expect(200);
    await rebuilt.stop();

    removeSqlite(dataDir, 'credentials.sqlite');
    await expect(startTestApp({ dataDir })).rejects.toThrow(/The event log holds \d+ registered user\(s\), but the credential store holds no credentials/);

    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('lets one shop at a time use a data folder', async () => {
    const owner = await startTestApp();
    await expect(startTestApp({ dataDir: owner.dataDir })).rejects.toThrow(/DATA_DIR .* is in use by another shop process/);
    await owner.close();
  });
});
