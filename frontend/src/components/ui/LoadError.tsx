import { Button } from './Button';

/** A read that failed, said plainly, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="notice notice-danger row between wrap gap" role="alert">
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
