import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { StreamExecutor } from '../../shared/event-sourcing/stream-executor';
import { UniqueKey } from '../../shared/event-sourcing/unique-keys';
import { userStream } from '../contract/identity.events';
import { userDecider } from '../domain/user.decider';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in instead.';

/** An e-mail as a unique key. The stream is named by a hash, so stream names carry no address. */
@Injectable()
export class EmailKeys {
  constructor(private readonly streams: StreamExecutor) {}

  of(email: string): UniqueKey {
    return {
      streamId: `email-${createHash('sha256').update(email).digest('hex')}`,
      key: email,
      takenMessage: EMAIL_TAKEN_MESSAGE,
      // The account uses it while the address is its own: not once it moved to another (issue 22), nor before it was registered.
      usedBy: async (userId) => {
        const { state } = await this.streams.load(userStream(userId), userDecider);
        return state.userId !== null && state.email === email;
      },
    };
  }
}
