import { randomUUID } from 'node:crypto';

/** Who asked for a change and in answer to what: recorded with every event for the audit trail. */
export interface CommandContext {
  actorId: string | null;
  correlationId: string;
  /** The event (its id) that led to this command, when a process manager or reactor sends it. */
  causationId?: string | null;
}

/** The shop itself acting: start-up tasks, sweeps, demo data. */
export function systemContext(): CommandContext {
  return { actorId: null, correlationId: randomUUID() };
}
