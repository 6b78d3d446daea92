import type { SupportAttachmentView } from '../../../../../backend/src/customers/contract/support.views';
import type { SupportCaseView } from '../api/support-queries';
import './support.css';

const STATUS_TEXT = { open: 'Open', answered: 'Answered', closed: 'Closed' } as const;

export function SupportStatusBadge({ status }: { status: SupportCaseView['status'] }) {
  return <span className={`badge support-status support-status-${status}`}>{STATUS_TEXT[status]}</span>;
}

/** Attached images as thumbnails, each opening the larger image; served only to the case's customer and the shop. */
export function AttachmentThumbnails({ attachments, label }: { attachments: SupportAttachmentView[]; label: string }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="support-thumbs" aria-label={label}>
      {attachments.map((attachment, index) => (
        <li key={attachment.id} className="support-thumb">
          <a href={attachment.imageUrl} target="_blank" rel="noopener noreferrer" aria-label={`Image ${index + 1} of ${attachments.length} (opens in a new tab)`}>
            <img src={attachment.thumbnailUrl} alt="" width={88} height={88} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
