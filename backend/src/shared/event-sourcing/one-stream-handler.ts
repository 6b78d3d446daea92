import { Injectable } from '@nestjs/common';
import { DomainEvent } from '../contract/domain-event';
import { CommandContext } from './command-context';
import { Decider } from './decider';
import { StreamExecutor } from './stream-executor';

export interface StreamDecision {
  streamId: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  decider: Decider<any, unknown, DomainEvent>;
  command: unknown;
}

/** A decision to make on a stream; typed so that the command is one the decider takes. */
export function decideOn<Command, State, Event extends DomainEvent>(streamId: string, decider: Decider<Command, State, Event>, command: Command): StreamDecision {
  return { streamId, decider: decider as StreamDecision['decider'], command };
}

/**
 * The whole work of many handlers: one decision on one stream, appended at the revision it was
 * made on (the stream executor queues, caches and retries). A subclass only names the decision.
 */
@Injectable()
export abstract class OneStreamHandler<C extends { context: CommandContext }> {
  constructor(private readonly streams: StreamExecutor) {}

  protected abstract decision(command: C): StreamDecision;

  async execute(command: C): Promise<{ position: number | null }> {
    const { streamId, decider, command: decided } = this.decision(command);
    const { position } = await this.streams.execute(streamId, decider, decided, command.context);
    return { position };
  }
}
