import { closeSync, existsSync, fsync, fsyncSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes what an embedded SQLite store has committed durable without blocking the event loop.
 *
 * In WAL mode with `synchronous = NORMAL`, a COMMIT writes its frames into the `-wal` file (into the
 * operating system's cache, which a killed process does not lose) and returns; only a power cut can
 * lose it. `synchronous = FULL` adds an fsync of that file inside COMMIT, on the calling thread: on the
 * shop's one JavaScript thread, every commit then stopped every request for the length of a disk flush
 * (measured: 43 % of the thread's time while orders were placed). Here the stores commit with NORMAL and
 * fsync the `-wal` file on libuv's thread pool instead, and tell a writer its write is done only after
 * that: the same guarantee as FULL (the commit frame and everything before it are on disk), with the
 * thread free meanwhile. fsync flushes the file whatever descriptor it is called on, and covers every
 * commit made before it was called, so one flush serves all the commits made while the previous one ran.
 */
export class WalSync {
  private fd: number | null = null;
  /** The flush under way, and whether commits were made after it began (they need the next one). */
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private failure: Error | null = null;

  constructor(private readonly databaseFile: string) {}

  /** Resolves once every commit made before the call is on disk; rejects, now and from then on, if the disk failed. */
  sync(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.databaseFile === ':memory:') return Promise.resolve();
    if (!this.running) {
      this.running = this.flush().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A flush is under way but may have begun before this commit: this one waits for the flush after it.
    this.next ??= this.running.catch(() => undefined).then(() => {
      this.next = null;
      return this.sync();
    });
    return this.next;
  }

  /** Flushes now, on this thread: at start-up, before anything is read. */
  syncNow(): void {
    if (this.databaseFile === ':memory:' || !existsSync(`${this.databaseFile}-wal`)) return;
    fsyncSync(this.descriptor());
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private flush(): Promise<void> {
    return new Promise((resolve, reject) => {
      let fd: number;
      try {
        fd = this.descriptor();
      } catch (error) {
        reject(this.failed(error));
        return;
      }
      fsync(fd, (error) => (error ? reject(this.failed(error)) : resolve()));
    });
  }

  /** The `-wal` file, opened at the first flush (SQLite creates it at the first write); its folder is flushed once so the file itself is durable. */
  private descriptor(): number {
    if (this.fd === null) {
      this.fd = openSync(`${this.databaseFile}-wal`, 'r');
      const folder = openSync(dirname(this.databaseFile), 'r');
      try {
        fsyncSync(folder);
      } finally {
        closeSync(folder);
      }
    }
    return this.fd;
  }

  /** A disk that cannot flush is not trusted again: every later write is refused until the shop restarts. */
  private failed(error: unknown): Error {
    this.failure = new Error(`Writing to ${this.databaseFile} failed: ${(error as Error).message}. The shop refuses further writes; check the disk and restart it.`, { cause: error });
    return this.failure;
  }
}
