import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { UploadEvent } from '../contract/media.events';
import { UPLOAD_MESSAGES } from '../contract/upload-rules';
import { ReceivedFile, UploadCommand, uploadDecider } from './upload.decider';

const uploadId = '9f86d081884c7d659a2feaa0c55ad015';
const expiresAt = '2026-03-01T10:05:00.000Z';
const file: ReceivedFile = { bytes: 48_213, contentType: 'image/png', width: 1200, height: 900, sha256: 'ab'.repeat(32) };
const imageId = `${'c'.repeat(24)}-1280x960`;

const issued = (): UploadEvent => ({ type: 'UploadUrlIssued', version: 1, data: { uploadId, issuedTo: 'admin-1', expiresAt, purpose: 'product-image' } });
/** Recorded before links had a purpose: a product image. */
const issuedWithoutPurpose = (): UploadEvent => ({ type: 'UploadUrlIssued', version: 1, data: { uploadId, issuedTo: 'admin-1', expiresAt } });
const issuedForSupport = (): UploadEvent => ({ type: 'UploadUrlIssued', version: 1, data: { uploadId, issuedTo: 'customer-1', expiresAt, purpose: 'support-attachment' } });
const variants = [{ box: 320, width: 320, height: 240, bytes: 9_000 }];
const attached = (): UploadEvent => ({ type: 'UploadAttached', version: 1, data: { uploadId, attachedBy: 'customer-1', variants } });
const received = (): UploadEvent => ({ type: 'UploadReceived', version: 1, data: { uploadId, ...file } });
const used = (id = imageId): UploadEvent => ({ type: 'UploadUsedForImage', version: 1, data: { uploadId, imageId: id } });

const issue: UploadCommand = { kind: 'issue', uploadId, issuedTo: 'admin-1', expiresAt, purpose: 'product-image' };
const receiveAt = (at: string): UploadCommand => ({ kind: 'receive', at, file });
const useFor = (id = imageId): UploadCommand => ({ kind: 'useForImage', imageId: id });
const attachBy = (attachedBy: string): UploadCommand => ({ kind: 'attach', attachedBy, variants });

const upload = DeciderSpecification.for(uploadDecider);

describe('upload decider', () => {
  it('issues an upload link to an administrator, once', () => {
    upload.given([]).when(issue).then([issued()]);
    upload.given([issued()]).when(issue).thenThrows(ConflictError);
  });

  it('receives the file sent before the link expires', () => {
    upload.given([issued()]).when(receiveAt('2026-03-01T10:04:59.999Z')).then([received()]);
    upload.given([issued()]).when(receiveAt(expiresAt)).then([received()]);
  });

  it('refuses a file sent after the link expired, telling to ask for a new link', () => {
    upload.given([issued()]).when(receiveAt('2026-03-01T10:05:00.001Z')).thenThrows(ForbiddenError, UPLOAD_MESSAGES.expired);
  });

  it('refuses a second file on a link already used, expired or not', () => {
    upload.given([issued(), received()]).when(receiveAt('2026-03-01T10:01:00.000Z')).thenThrows(ConflictError, UPLOAD_MESSAGES.alreadyUsed);
    upload.given([issued(), received(), used()]).when(receiveAt('2026-03-01T11:00:00.000Z')).thenThrows(ConflictError, UPLOAD_MESSAGES.alreadyUsed);
  });

  it('knows no link that was never issued', () => {
    upload.given([]).when(receiveAt('2026-03-01T10:00:00.000Z')).thenThrows(NotFoundError, UPLOAD_MESSAGES.notFound);
    upload.given([]).when(useFor()).thenThrows(NotFoundError, UPLOAD_MESSAGES.notFound);
  });

  it('makes an image only of an upload that arrived', () => {
    upload.given([issued()]).when(useFor()).thenThrows(InvalidInputError, UPLOAD_MESSAGES.notUploadedYet);
    upload.given([issued(), received()]).when(useFor()).then([used()]);
  });

  it('makes a product image of an upload issued before links had a purpose', () => {
    upload.given([issuedWithoutPurpose(), received()]).when(useFor()).then([used()]);
  });

  it('never makes a support attachment into a (public) product image', () => {
    upload.given([issuedForSupport(), received()]).when(useFor()).thenThrows(InvalidInputError, UPLOAD_MESSAGES.notAProductImage);
  });

  it('attaches a support upload for the person it was issued to, once', () => {
    upload.given([issuedForSupport(), received()]).when(attachBy('customer-1')).then([attached()]);
    upload.given([issuedForSupport(), received(), attached()]).when(attachBy('customer-1')).thenNothing();
  });

  it('refuses to attach anyone else\'s upload, a product-image upload, or one whose bytes never arrived', () => {
    upload.given([issuedForSupport(), received()]).when(attachBy('customer-2')).thenThrows(InvalidInputError, UPLOAD_MESSAGES.notAnAttachment);
    upload.given([issued(), received()]).when(attachBy('admin-1')).thenThrows(InvalidInputError, UPLOAD_MESSAGES.notAnAttachment);
    upload.given([issuedForSupport()]).when(attachBy('customer-1')).thenThrows(InvalidInputError, UPLOAD_MESSAGES.notAnAttachment);
    upload.given([]).when(attachBy('customer-1')).thenThrows(InvalidInputError, UPLOAD_MESSAGES.notAnAttachment);
  });

  it('makes one upload into one image: asking again records nothing, another image is refused', () => {
    upload.given([issued(), received(), used()]).when(useFor()).thenNothing();
    upload.given([issued(), received(), used()]).when(useFor(`${'d'.repeat(24)}-320x240`)).thenThrows(ConflictError);
  });

  describe("erasing a closed account's private upload (issue 22)", () => {
    const erased = (): UploadEvent => ({ type: 'UploadErased', version: 1, data: { uploadId } });

    it('erases a support attachment, attached or still waiting, once; then it can be attached no more', () => {
      upload.given([issuedForSupport(), received(), attached()]).when({ kind: 'erase' }).then([erased()]);
      upload.given([issuedForSupport(), received()]).when({ kind: 'erase' }).then([erased()]);
      upload.given([issuedForSupport(), received(), attached(), erased()]).when({ kind: 'erase' }).then([]);
      upload.given([issuedForSupport(), received(), erased()]).when(attachBy('customer-1')).thenThrows(InvalidInputError, UPLOAD_MESSAGES.discarded);
    });

    it("leaves a product image alone: it is the shop's", () => {
      upload.given([issued(), received(), used()]).when({ kind: 'erase' }).then([]);
      upload.given([]).when({ kind: 'erase' }).then([]);
    });
  });

  describe('discarding what was not used in time', () => {
    const HOUR = 60 * 60 * 1000;
    const discardAt = (at: string, hadFile: boolean): UploadCommand => ({ kind: 'discard', at, graceMs: HOUR, hadFile });
    const discarded = (hadFile: boolean): UploadEvent => ({ type: 'UploadDiscarded', version: 1, data: { uploadId, hadFile } });

    it('discards an upload neither made into an image nor attached, once its link expired more than the grace ago', () => {
      upload.given([issued(), received()]).when(discardAt('2026-03-01T11:05:00.001Z', true)).then([discarded(true)]);
      upload.given([issued()]).when(discardAt('2026-03-01T11:05:00.001Z', false)).then([discarded(false)]);
    });

    it('leaves alone what is within the grace, what was used or attached, and what was discarded already', () => {
      upload.given([issued(), received()]).when(discardAt('2026-03-01T11:05:00.000Z', true)).then([]);
      upload.given([issued(), received(), used()]).when(discardAt('2026-03-02T10:00:00.000Z', true)).then([]);
      upload.given([issuedForSupport(), received(), attached()]).when(discardAt('2026-03-02T10:00:00.000Z', true)).then([]);
      upload.given([issued(), received(), discarded(true)]).when(discardAt('2026-03-02T10:00:00.000Z', true)).then([]);
    });

    it('takes nothing more once discarded, and says why', () => {
      upload.given([issued(), discarded(false)]).when(receiveAt('2026-03-01T10:00:00.000Z')).thenThrows(ForbiddenError, UPLOAD_MESSAGES.expired);
      upload.given([issued(), received(), discarded(true)]).when(useFor()).thenThrows(InvalidInputError, UPLOAD_MESSAGES.discarded);
      upload.given([issuedForSupport(), received(), discarded(true)]).when(attachBy('customer-1')).thenThrows(InvalidInputError, UPLOAD_MESSAGES.discarded);
    });
  });
});
