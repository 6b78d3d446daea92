import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { ImageVariantRecord, UploadEvent, UploadReceived } from '../contract/media.events';
import { UPLOAD_MESSAGES, UploadPurpose } from '../contract/upload-rules';

export type ReceivedFile = Omit<UploadReceived['data'], 'uploadId'>;

export interface UploadState {
  uploadId: string | null;
  /** The person the link was issued to. */
  issuedTo: string | null;
  purpose: UploadPurpose;
  expiresAt: string | null;
  received: ReceivedFile | null;
  imageId: string | null;
  /** Whose private attachment it became, if it did. */
  attachedBy: string | null;
  /** Deleted unused (UploadDiscarded): it takes nothing more. */
  discarded: boolean;
}

export type UploadCommand =
  | { kind: 'issue'; uploadId: string; issuedTo: string; expiresAt: string; purpose: UploadPurpose }
  | { kind: 'receive'; at: string; file: ReceivedFile }
  | { kind: 'useForImage'; imageId: string }
  | { kind: 'attach'; attachedBy: string; variants: ImageVariantRecord[] }
  | { kind: 'discard'; at: string; graceMs: number; hadFile: boolean }
  /** The owner's account closed: a private upload's files are the handler's to delete first. */
  | { kind: 'erase' };

/**
 * An upload link is used once, before it expires (spec §5, DESIGN "Uploads"). Checked before the
 * bytes are stored, so a refused upload stores nothing, and again when the upload is recorded.
 */
export function assertMayReceive(state: UploadState, at: string): asserts state is UploadState & { uploadId: string; issuedTo: string; expiresAt: string } {
  if (state.uploadId === null || state.issuedTo === null || state.expiresAt === null) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
  if (state.discarded) throw new ForbiddenError(UPLOAD_MESSAGES.expired);
  if (state.received !== null) throw new ConflictError(UPLOAD_MESSAGES.alreadyUsed);
  if (Date.parse(at) > Date.parse(state.expiresAt)) throw new ForbiddenError(UPLOAD_MESSAGES.expired);
}

/** Only an upload that arrived can become an image, and a support attachment never a public product image. */
export function assertMayUseForImage(state: UploadState): asserts state is UploadState & { uploadId: string; received: ReceivedFile } {
  if (state.uploadId === null) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
  if (state.discarded) throw new InvalidInputError(UPLOAD_MESSAGES.discarded);
  if (state.purpose !== 'product-image') throw new InvalidInputError(UPLOAD_MESSAGES.notAProductImage);
  if (state.received === null) throw new InvalidInputError(UPLOAD_MESSAGES.notUploadedYet);
}

/**
 * Only the person a support-attachment link was issued to may attach what arrived there; anyone
 * else's upload, or one that never arrived (a refused text file), is refused alike as input (400).
 */
export function assertMayAttach(state: UploadState, attachedBy: string): asserts state is UploadState & { uploadId: string; received: ReceivedFile } {
  if (state.discarded && state.issuedTo === attachedBy) throw new InvalidInputError(UPLOAD_MESSAGES.discarded);
  if (state.uploadId === null || state.discarded || state.purpose !== 'support-attachment' || state.issuedTo !== attachedBy || state.received === null) {
    throw new InvalidInputError(UPLOAD_MESSAGES.notAnAttachment);
  }
}

/** An upload that was issued, never made into an image or attached, and whose link expired more than `graceMs` before `at`. */
export function mayDiscard(state: UploadState, at: string, graceMs: number): boolean {
  if (state.uploadId === null || state.expiresAt === null || state.discarded || state.imageId !== null || state.attachedBy !== null) return false;
  return Date.parse(state.expiresAt) + graceMs < Date.parse(at);
}

export const uploadDecider: Decider<UploadCommand, UploadState, UploadEvent> = {
  initialState: { uploadId: null, issuedTo: null, purpose: 'product-image', expiresAt: null, received: null, imageId: null, attachedBy: null, discarded: false },

  evolve(state, event) {
    switch (event.type) {
      case 'UploadUrlIssued':
        return { ...state, uploadId: event.data.uploadId, issuedTo: event.data.issuedTo, purpose: event.data.purpose ?? 'product-image', expiresAt: event.data.expiresAt };
      case 'UploadReceived': {
        const { bytes, contentType, width, height, sha256 } = event.data;
        return { ...state, received: { bytes, contentType, width, height, sha256 } };
      }
      case 'UploadUsedForImage':
        return { ...state, imageId: event.data.imageId };
      case 'UploadAttached':
        return { ...state, attachedBy: event.data.attachedBy };
      case 'UploadDiscarded':
      case 'UploadErased':
        return { ...state, discarded: true };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'issue':
        if (state.uploadId !== null) throw new ConflictError('This upload link exists already');
        return [{ type: 'UploadUrlIssued', version: 1, data: { uploadId: command.uploadId, issuedTo: command.issuedTo, expiresAt: command.expiresAt, purpose: command.purpose } }];
      case 'receive':
        assertMayReceive(state, command.at);
        return [{ type: 'UploadReceived', version: 1, data: { uploadId: state.uploadId, ...command.file } }];
      case 'useForImage':
        assertMayUseForImage(state);
        if (state.imageId === command.imageId) return [];
        if (state.imageId !== null) throw new ConflictError(`This upload was already made into image ${state.imageId}`);
        return [{ type: 'UploadUsedForImage', version: 1, data: { uploadId: state.uploadId, imageId: command.imageId } }];
      case 'attach':
        assertMayAttach(state, command.attachedBy);
        // Attaching again (a retried request, or the same image on another message of theirs) records nothing more.
        if (state.attachedBy !== null) return [];
        return [{ type: 'UploadAttached', version: 1, data: { uploadId: state.uploadId, attachedBy: command.attachedBy, variants: command.variants } }];
      case 'discard':
        // Only what was issued, is still unused, and whose link expired more than the grace ago; once is enough.
        if (!mayDiscard(state, command.at, command.graceMs)) return [];
        return [{ type: 'UploadDiscarded', version: 1, data: { uploadId: state.uploadId!, hadFile: command.hadFile } }];
      case 'erase':
        // A product image is the shop's; what is gone already needs nothing more.
        if (state.uploadId === null || state.purpose !== 'support-attachment' || state.discarded) return [];
        return [{ type: 'UploadErased', version: 1, data: { uploadId: state.uploadId } }];
    }
  },
};
