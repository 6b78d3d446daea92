import * as argon2 from 'argon2';
import { readFileSync } from 'node:fs';
import { HASHING_NICE, HashingProcess } from './hashing-process';
import { HASH_OPTIONS } from './password-hasher';

/** The nice value of a Linux process, field 19 of /proc/<pid>/stat (after the command in parentheses). */
function niceOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('HashingProcess', () => {
  let hashing: HashingProcess;
  beforeEach(() => {
    hashing = new HashingProcess(1);
  });
  afterEach(() => hashing.stop());

  it('hashes and verifies in a child process of lower priority than the server', async () => {
    const hash = String(await hashing.run({ op: 'hash', password: 'helix-51', options: HASH_OPTIONS }));
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=1,t=3\$/);
    expect(await argon2.verify(hash, 'helix-51')).toBe(true);
    expect(await hashing.run({ op: 'verify', hash, password: 'helix-51' })).toBe(true);
    expect(await hashing.run({ op: 'verify', hash, password: 'helix-52' })).toBe(false);
    expect(hashing.pid).not.toBe(process.pid);
    // Nice values stop at 19: a server already running at low priority gets a child at the lowest.
    expect(niceOf(hashing.pid!)).toBe(Math.min(19, niceOf(process.pid) + HASHING_NICE));
  });

  it('fails the hashes under way when the child dies, with a plain error, and starts a new child for the next', async () => {
    await hashing.run({ op: 'hash', password: 'warm-up', options: HASH_OPTIONS });
    const first = hashing.pid!;
    const interrupted = hashing.run({ op: 'hash', password: 'cut short', options: HASH_OPTIONS });
    process.kill(first, 'SIGKILL');
    await expect(interrupted).rejects.toThrow('Password hashing was interrupted.');
    expect(await hashing.run({ op: 'verify', hash: String(await hashing.run({ op: 'hash', password: 'again', options: HASH_OPTIONS })), password: 'again' })).toBe(true);
    expect(hashing.pid).not.toBe(first);
  });

  it('answers a malformed stored hash with an error, not a verdict', async () => {
    await expect(hashing.run({ op: 'verify', hash: 'not-a-hash', password: 'x' })).rejects.toThrow();
  });

  it('refuses work once stopped', async () => {
    hashing.stop();
    await expect(hashing.run({ op: 'hash', password: 'late', options: HASH_OPTIONS })).rejects.toThrow('Password hashing has stopped.');
  });
});
