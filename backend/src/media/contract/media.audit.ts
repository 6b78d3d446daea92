import { storeTime } from '../../shared/contract/store-time';
import { ImageEvent, UploadEvent } from './media.events';

/** Upload and image events as the audit trail tells them to a person. */
export function describeMediaEvent(event: UploadEvent | ImageEvent): string {
  switch (event.type) {
    case 'UploadUrlIssued':
      return `Upload link issued${event.data.purpose === 'support-attachment' ? ' for a support attachment' : ''}, valid until ${storeTime(event.data.expiresAt)}`;
    case 'UploadReceived':
      return `Image uploaded: ${event.data.contentType.replace('image/', '').toUpperCase()}, ${event.data.width} × ${event.data.height} px, ${sizeOf(event.data.bytes)}`;
    case 'UploadUsedForImage':
      return `Upload made into image ${event.data.imageId}`;
    case 'UploadDiscarded':
      return event.data.hadFile ? 'Upload deleted: it was not used before its link expired' : 'Upload link expired unused';
    case 'UploadErased':
      return 'Upload deleted with its owner\'s closed account';
    case 'UploadAttached':
      return `Upload attached privately; WebP ${event.data.variants.map((variant) => `${variant.width} × ${variant.height}`).join(', ')} px`;
    case 'ImageProcessed': {
      const widths = event.data.variants.map((variant) => `${variant.width} × ${variant.height}`).join(', ');
      const source = event.data.source.kind === 'upload' ? `from upload ${event.data.source.uploadId}` : `generated: ${event.data.source.description}`;
      return `Image ${event.data.imageId} ${source}; WebP ${widths} px`;
    }
  }
}

function sizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
