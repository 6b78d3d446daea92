import { ApiError, messageOf } from '../../api/client';
import { InfoDialog } from './Dialog';

/** A record read on its own is retried, except when the server said it does not exist. */
export const retryUnlessMissing = (failures: number, error: unknown) => !(error instanceof ApiError && error.status === 404) && failures < 2;

/**
 * The dialog at a record's address (`/admin/orders/12`) while the record is read on its own, or when it
 * could not be: "Order #12 was not found." for an unknown one, the server's message otherwise.
 */
export function RecordPending({ noun, id, error, onClose }: { noun: 'Order' | 'Payment'; id: number; error: unknown; onClose(): void }) {
  return (
    <InfoDialog title={`${noun} #${id}`} onClose={onClose}>
      {error ? (
        <p className="notice notice-danger" role="alert">
          {error instanceof ApiError && error.status === 404 ? `${noun} #${id} was not found.` : messageOf(error, `Failed to load the ${noun.toLowerCase()}.`)}
        </p>
      ) : (
        <p className="muted" role="status">
          Loading {noun.toLowerCase()}...
        </p>
      )}
    </InfoDialog>
  );
}
