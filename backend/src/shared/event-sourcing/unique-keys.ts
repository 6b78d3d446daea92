import { Injectable } from '@nestjs/common';
import { UniqueKeyEvent } from '../contract/unique-key.events';
import { ConflictError } from '../errors';
import { CommandContext } from './command-context';
import { Decider } from './decider';
import { StreamExecutor } from './stream-executor';

export interface UniqueKeyState {
  ownerId: string | null;
  claimedAt: string | null;
}

export type UniqueKeyCommand =
  | { kind: 'claim'; key: string; ownerId: string; claimedAt: string; takenMessage: string }
  | { kind: 'release'; key: string; ownerId: string; reason: string };

export const uniqueKeyDecider: Decider<UniqueKeyCommand, UniqueKeyState, UniqueKeyEvent> = {
  initialState: { ownerId: null, claimedAt: null },

  evolve(_state, event) {
    return event.type === 'UniqueKeyClaimed' ? { ownerId: event.data.ownerId, claimedAt: event.data.claimedAt } : { ownerId: null, claimedAt: null };
  },

  decide(command, state) {
    if (command.kind === 'claim') {
      if (state.ownerId === command.ownerId) return [];
      if (state.ownerId !== null) throw new ConflictError(command.takenMessage);
      return [{ type: 'UniqueKeyClaimed', version: 1, data: { key: command.key, ownerId: command.ownerId, claimedAt: command.claimedAt } }];
    }
    if (state.ownerId !== command.ownerId) return [];
    return [{ type: 'UniqueKeyReleased', version: 1, data: { key: command.key, ownerId: command.ownerId, reason: command.reason } }];
  },
};

/** A claim this old whose owner does not use the key was left by a change that was interrupted (a crash between its steps). */
export const ABANDONED_CLAIM_AFTER_MS = 60 * 1000;

export interface UniqueKey {
  /** The stream that holds the key, e.g. `sku-BPC-157`. */
  streamId: string;
  key: string;
  /** Whether the owner still uses the key: asked only of a claim old enough to have been abandoned. */
  usedBy(ownerId: string): Promise<boolean>;
  takenMessage: string;
}

/**
 * Unique keys decided on the write side: a key is a stream, claimed by its first owner; a second
 * claimant gets 409. A claim left behind by an interrupted change is taken over once it is old enough.
 */
@Injectable()
export class UniqueKeys {
  constructor(private readonly streams: StreamExecutor) {}

  async claim(key: UniqueKey, ownerId: string, context: CommandContext): Promise<void> {
    const { state } = await this.streams.load(key.streamId, uniqueKeyDecider);
    if (state.ownerId !== null && state.ownerId !== ownerId && isOldEnough(state.claimedAt) && !(await key.usedBy(state.ownerId))) {
      await this.release(key, state.ownerId, 'Left behind by an interrupted change', context);
    }
    await this.streams.execute(key.streamId, uniqueKeyDecider, { kind: 'claim', key: key.key, ownerId, claimedAt: new Date().toISOString(), takenMessage: key.takenMessage }, context);
  }

  async release(key: UniqueKey, ownerId: string, reason: string, context: CommandContext): Promise<void> {
    await this.streams.execute(key.streamId, uniqueKeyDecider, { kind: 'release', key: key.key, ownerId, reason }, context);
  }
}

function isOldEnough(claimedAt: string | null): boolean {
  return claimedAt !== null && Date.now() - Date.parse(claimedAt) > ABANDONED_CLAIM_AFTER_MS;
}
