import { Inject, Injectable } from '@nestjs/common';
import { UserEvent } from '../../backend/src/identity/contract/identity.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const USERS_COLLECTION = 'identity_users';

export type UserDocument = Document & {
  id: string;
  email: string;
  fullName: string;
  firstName: string;
  role: 'admin' | 'customer';
  profileImageUrl: string | null;
  registeredAt: string;
  /** Absent on profiles projected before addresses were confirmed: read as false. */
  emailVerified?: boolean;
};

/** Profiles of registered users, for sessions and for the admin back office. */
@Injectable()
@RunsOnTheLog()
export class UsersProjector implements Projector {
  readonly name = 'users';
  readonly collections = [USERS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get users() {
    return this.readStore.collection<UserDocument>(USERS_COLLECTION);
  }

  async prepare(): Promise<void> {
    await this.users.createIndex({ email: 1 }, { unique: true });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('user-');
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as UserEvent;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, fullName, role } = event.data;
        await insertOnce(
          this.users,
          { _id: userId, id: userId, email, fullName, firstName: fullName.split(/\s+/)[0] ?? fullName, role, profileImageUrl: null, registeredAt: recorded.metadata.occurredAt, emailVerified: false },
          recorded,
        );
        return;
      }
      case 'RoleGranted':
        await applyOnce(this.users, { _id: event.data.userId }, recorded, { $set: { role: event.data.role } });
        return;
      case 'EmailVerificationRequested':
        return;
      case 'EmailVerified':
        await applyOnce(this.users, { _id: event.data.userId }, recorded, { $set: { emailVerified: true } });
        return;
    }
  }
}
