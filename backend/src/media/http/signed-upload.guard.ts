import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UploadLinks } from '../commands/upload-links';

/** The upload PUT needs no session: the link's signature and expiry are its authority, checked before a byte is read. */
@Injectable()
export class SignedUploadGuard implements CanActivate {
  constructor(private readonly links: UploadLinks) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    this.links.assertValid(request.params.uploadId, request.query.expires, request.query.signature);
    return true;
  }
}
