import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { statfs } from 'node:fs/promises';
import { APP_CONFIG, AppConfig } from '../config';

const CHECK_EVERY_MS = 15_000;
export const DISK_SHORT_MESSAGE = 'The shop is short of disk space and cannot save changes right now. Please try again later.';
/** Ending a session frees what it held: allowed whatever the disk. */
const ALWAYS_ALLOWED = new Set(['/api/auth/logout', '/api/logout']);

/**
 * The free space of the disk DATA_DIR is on (the embedded stores, the objects folder), read every
 * 15 s. Under MIN_FREE_DISK_MB every change through the API is refused with 507 and a message that
 * says why, before anything half-written could be left by a full disk; reading goes on. `/api/ready`
 * says "degraded" with the figures, and `disk_free_bytes` shows them to monitoring. A folder that
 * cannot be read (server storage without DATA_DIR) counts as not short.
 */
@Injectable()
export class DiskSpace implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DiskSpace');
  private readonly minimumFreeBytes: number;
  private free: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.minimumFreeBytes = config.minFreeDiskMb * 1024 * 1024;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Reads the free space now. */
  async check(): Promise<void> {
    const wasShort = this.short();
    try {
      const stats = await statfs(this.config.dataDir);
      this.free = stats.bavail * stats.bsize;
    } catch {
      this.free = null;
    }
    if (this.short() && !wasShort) this.logger.error(`Free disk space in ${this.config.dataDir} is ${mib(this.free!)} MiB, under MIN_FREE_DISK_MB (${mib(this.minimumFreeBytes)} MiB): changes are refused until space is freed`);
    if (!this.short() && wasShort) this.logger.log(`Free disk space is back to ${mib(this.free ?? 0)} MiB: changes are taken again`);
  }

  short(): boolean {
    return this.minimumFreeBytes > 0 && this.free !== null && this.free < this.minimumFreeBytes;
  }

  report(): { status: 'ok' | 'short'; freeBytes: number | null; minimumFreeBytes: number } {
    return { status: this.short() ? 'short' : 'ok', freeBytes: this.free, minimumFreeBytes: this.minimumFreeBytes };
  }

  /** Express middleware: 507 for a change through the API while the disk is short. */
  refuseChangesWhenShort(): RequestHandler {
    return (request: Request, response: Response, next: NextFunction) => {
      if (!this.short() || request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS' || !request.path.startsWith('/api/') || ALWAYS_ALLOWED.has(request.path)) return next();
      response.status(507).json({ message: DISK_SHORT_MESSAGE });
    };
  }
}

function mib(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024));
}
