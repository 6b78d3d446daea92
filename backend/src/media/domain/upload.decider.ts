import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../shared/errors';
import { UploadEvent, UploadReceived } from '../contract/media.events';
import { UPLOAD_MESSAGES } from '../contract/upload-rules';

export type ReceivedFile = Omit<UploadReceived['data'], 'uploadId'>;

export interface UploadState {
  uploadId: string | null;
  /** The administrator the link was issued to. */
  issuedTo: string | null;
  expiresAt: string | null;
  received: ReceivedFile | null;
  imageId: string | null;
}

export type UploadCommand =
  | { kind: 'issue'; uploadId: string; issuedTo: string; expiresAt: string }
  | { kind: 'receive'; at: string; file: ReceivedFile }
  | { kind: 'useForImage'; imageId: string };

/**
 * An upload link is used once, before it expires (spec §5, DESIGN "Uploads"). Checked before the
 * bytes are stored, so a refused upload stores nothing, and again when the upload is recorded.
 */
export function assertMayReceive(state: UploadState, at: string): asserts state is UploadState & { uploadId: string; issuedTo: string; expiresAt: string } {
  if (state.uploadId === null || state.issuedTo === null || state.expiresAt === null) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
  if (state.received !== null) throw new ConflictError(UPLOAD_MESSAGES.alreadyUsed);
  if (Date.parse(at) > Date.parse(state.expiresAt)) throw new ForbiddenError(UPLOAD_MESSAGES.expired);
}

/** Only an upload that arrived can become an image. */
export function assertMayUseForImage(state: UploadState): asserts state is UploadState & { uploadId: string; received: ReceivedFile } {
  if (state.uploadId === null) throw new NotFoundError(UPLOAD_MESSAGES.notFound);
  if (state.received === null) throw new InvalidInputError(UPLOAD_MESSAGES.notUploadedYet);
}

export const uploadDecider: Decider<UploadCommand, UploadState, UploadEvent> = {
  initialState: { uploadId: null, issuedTo: null, expiresAt: null, received: null, imageId: null },

  evolve(state, event) {
    switch (event.type) {
      case 'UploadUrlIssued':
        return { ...state, uploadId: event.data.uploadId, issuedTo: event.data.issuedTo, expiresAt: event.data.expiresAt };
      case 'UploadReceived': {
        const { bytes, contentType, width, height, sha256 } = event.data;
        return { ...state, received: { bytes, contentType, width, height, sha256 } };
      }
      case 'UploadUsedForImage':
        return { ...state, imageId: event.data.imageId };
    }
  },

  decide(command, state) {
    switch (command.kind) {
      case 'issue':
        if (state.uploadId !== null) throw new ConflictError('This upload link exists already');
        return [{ type: 'UploadUrlIssued', version: 1, data: { uploadId: command.uploadId, issuedTo: command.issuedTo, expiresAt: command.expiresAt } }];
      case 'receive':
        assertMayReceive(state, command.at);
        return [{ type: 'UploadReceived', version: 1, data: { uploadId: state.uploadId, ...command.file } }];
      case 'useForImage':
        assertMayUseForImage(state);
        if (state.imageId === command.imageId) return [];
        if (state.imageId !== null) throw new ConflictError(`This upload was already made into image ${state.imageId}`);
        return [{ type: 'UploadUsedForImage', version: 1, data: { uploadId: state.uploadId, imageId: command.imageId } }];
    }
  },
};
