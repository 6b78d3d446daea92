import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '../contract/actors';

/** Who asked for a change and in answer to what: recorded with every event for the audit trail. */
export interface CommandContext {
  /** The signed-in user's id; null for a guest; SYSTEM_ACTOR when the shop itself acts. */
  actorId: string | null;
  correlationId: string;
  /** The event (its id) that led to this command, when a process manager or reactor sends it. */
  causationId?: string | null;
}

/** The shop itself acting: start-up tasks, sweeps, expiry, demo data. */
export function systemContext(): CommandContext {
  return { actorId: SYSTEM_ACTOR, correlationId: randomUUID() };
}
