import Database from 'better-sqlite3';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { backup } from '../../backend/src/operations/backup';
import { SqliteReadStore } from '../../backend/src/storage/read-store/sqlite-read-store';
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

  it('refuses to start, saying what to do, when the event log is lost or older than the read models', async () => {
    const first = await startTestApp();
    const { dataDir } = first;
    await first.stop();
    // An older copy of the log, taken before a customer signed up.
    const older = mkdtempSync(join(tmpdir(), 'shop-older-log-'));
    cpSync(join(dataDir, 'events.sqlite'), join(older, 'events.sqlite'));
    const second = await startTestApp({ dataDir });
    await signUp(second.agent());
    await second.stop();

    removeSqlite(dataDir, 'events.sqlite');
    await expect(startTestApp({ dataDir })).rejects.toThrow(/The event log .*events\.sqlite is missing, but credentials\.sqlite and read-models\.sqlite are there/);
    // Nothing was made in its place, and the folder is free again.
    expect(existsSync(join(dataDir, 'events.sqlite'))).toBe(false);

    cpSync(join(older, 'events.sqlite'), join(dataDir, 'events.sqlite'));
    await expect(startTestApp({ dataDir })).rejects.toThrow(/The read models have applied the event log up to position \d+, but the log ends at position \d+: .*npm run projections:rebuild/);

    rmSync(older, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('lets one shop at a time use a data folder', async () => {
    const owner = await startTestApp();
    await expect(startTestApp({ dataDir: owner.dataDir })).rejects.toThrow(/DATA_DIR .* is in use by another shop process/);
    await owner.close();
  });

  it('keeps its data files readable by their owner only', async () => {
    const shop = await startTestApp();
    await signUp(shop.agent());
    for (const name of ['events.sqlite', 'read-models.sqlite', 'credentials.sqlite']) {
      expect({ name, mode: (statSync(join(shop.dataDir, name)).mode & 0o777).toString(8) }).toEqual({ name, mode: '600' });
      expect({ name: `${name}-wal`, mode: (statSync(join(shop.dataDir, `${name}-wal`)).mode & 0o777).toString(8) }).toEqual({ name: `${name}-wal`, mode: '600' });
    }
    expect((statSync(shop.dataDir).mode & 0o777).toString(8)).toBe('700');
    await shop.close();
  });

  it('names the position and stream of a damaged event instead of a bare SyntaxError', async () => {
    const first = await startTestApp();
    const { dataDir } = first;
    await signUp(first.agent());
    await first.stop();
    const db = new Database(join(dataDir, 'events.sqlite'));
    const { position, stream_id: stream } = db.prepare("SELECT position, stream_id FROM events WHERE stream_id LIKE 'user-%' ORDER BY position DESC LIMIT 1").get() as { position: number; stream_id: string };
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run('{"userId": 1, "email": "trunc', position);
    db.close();
    // Projected from the start again, so the damaged event is read at start-up.
    removeSqlite(dataDir, 'read-models.sqlite');
    await expect(startTestApp({ dataDir })).rejects.toThrow(new RegExp(`The event at position ${position} \\(stream ${stream}\\) has damaged data`));
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('names the file it cannot open, and closes the stores it had opened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-unwritable-'));
    mkdirSync(join(dataDir, 'events.sqlite'));
    const opened = jest.spyOn(SqliteReadStore.prototype as unknown as { migrateSingleTable(): void }, 'migrateSingleTable');
    const closed = jest.spyOn(SqliteReadStore.prototype, 'close');
    await expect(startTestApp({ dataDir })).rejects.toThrow(new RegExp(`Cannot open ${join(dataDir, 'events.sqlite')}: `));
    // Whatever opened before the event store failed (with its timers) was closed again.
    expect(closed).toHaveBeenCalledTimes(opened.mock.calls.length);
    opened.mockRestore();
    closed.mockRestore();
    chmodSync(dataDir, 0o700);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up a running shop into an owner-only folder that a new shop starts from', async () => {
    const shop = await startTestApp();
    const { email, password } = await signUp(shop.agent());
    const backupRoot = mkdtempSync(join(tmpdir(), 'shop-backups-'));
    const target = await backup(shop.dataDir, backupRoot);
    // Written after the backup: not in it.
    const later = await signUp(shop.agent());
    await shop.close();
    expect((statSync(target).mode & 0o777).toString(8)).toBe('700');
    expect((statSync(join(target, 'events.sqlite')).mode & 0o777).toString(8)).toBe('600');

    const restoredDir = mkdtempSync(join(tmpdir(), 'shop-restored-'));
    for (const name of ['events.sqlite', 'credentials.sqlite', 'read-models.sqlite']) cpSync(join(target, name), join(restoredDir, name));
    const restored = await startTestApp({ dataDir: restoredDir });
    await restored.agent().post('/api/auth/login').send({ email, password }).expect(200);
    await restored.agent().post('/api/auth/login').send({ email: later.email, password: later.password }).expect(401);
    await restored.close();
    rmSync(backupRoot, { recursive: true, force: true });
  }, 60_000);

  it('rebuilds the read models from the command line with a progress line', async () => {
    const shop = await startTestApp();
    const { email, password } = await signUp(shop.agent());
    const { dataDir } = shop;
    await shop.stop();
    const run = spawnSync(process.execPath, [join('dist', 'projections', 'runner', 'rebuild.js')], { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/\[#+\] 100% [\d,]+\/[\d,]+ events/);
    expect(run.stdout).toMatch(/^Rebuilt .* up to position \d+ in \d+ s/m);
    const again = await startTestApp({ dataDir });
    await again.agent().post('/api/auth/login').send({ email, password }).expect(200);
    await again.close();
  }, 90_000);
});
