import { UniqueKeyEvent } from './unique-key.events';

/** Unique-key events as the audit trail tells them to a person. */
export function describeUniqueKeyEvent(event: UniqueKeyEvent): string {
  return event.type === 'UniqueKeyClaimed' ? `${event.data.key} claimed by ${event.data.ownerId}` : `${event.data.key} released by ${event.data.ownerId}: ${event.data.reason}`;
}
