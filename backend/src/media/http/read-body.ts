import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The raw request body, refused with 413 as soon as it passes `limit` bytes (or says it will, in
 * Content-Length): nothing more is kept, and the rest is read off and dropped, as body-parser does,
 * so the client gets the answer instead of a reset connection. A body a parser already read
 * (a JSON content type) is empty here.
 */
export function readBodyUpTo(request: Request, limit: number, tooLargeMessage: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (request.readableEnded) return resolve(Buffer.alloc(0));
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', reject);
    };
    const refuse = () => {
      stop();
      request.resume();
      reject(new PayloadTooLargeException(tooLargeMessage));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return refuse();
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    if (Number(request.headers['content-length']) > limit) return refuse();
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', reject);
  });
}
