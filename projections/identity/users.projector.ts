import { Inject, Injectable } from '@nestjs/common';
import { upcastUserEvent } from '../../backend/src/identity/contract/identity.events';
import { Role } from '../../backend/src/identity/contract/staff-roles';
import { ERASED, isErased } from '../../backend/src/shared/contract/personal-data';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const USERS_COLLECTION = 'identity_users';

export type UserDocument = Document & {
  id: string;
  email: string;
  fullName: string;
  firstName: string;
  /** As recorded; profiles projected before issue 23 may say `admin`, read as the owner (roleOf). */
  role: Role | 'admin';
  profileImageUrl: string | null;
  registeredAt: string;
  /** Absent on profiles projected before addresses were confirmed: read as false. */
  emailVerified?: boolean;
  /** Closed by its owner, its personal data not yet erased (then the document goes). */
  closing?: true;
};

/** An erased address still needs a value of its own in the unique index of addresses. */
const addressOrMark = (email: string, userId: string) => (isErased(email) ? `${ERASED}:${userId}` : email);

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
    const event = upcastUserEvent(recorded);
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, fullName, role } = event.data;
        const email = addressOrMark(event.data.email, userId);
        await insertOnce(
          this.users,
          { _id: userId, id: userId, email, fullName, firstName: fullName.split(/\s+/)[0] ?? fullName, role, profileImageUrl: null, registeredAt: recorded.metadata.occurredAt, emailVerified: false },
          recorded,
        );
        return;
      }
      case 'RoleGranted':
      case 'StaffInvitationAccepted':
        await applyOnce(this.users, { _id: event.data.userId }, recorded, { $set: { role: event.data.role } });
        return;
      case 'StaffRemoved':
        await applyOnce(this.users, { _id: event.data.userId }, recorded, { $set: { role: 'customer' } });
        return;
      case 'EmailVerificationRequested':
      case 'EmailChangeRequested':
        return;
      case 'EmailChanged':
        await applyOnce(this.users, { _id: event.data.userId }, recorded, { $set: { email: addressOrMark(event.data.to, event.data.userId), emailVerified: true } });
        return;
      case 'AccountClosed':
        await applyOnce(this.users, { _id: event.data.userId }, recorded, { $set: { closing: true } });
        return;
      case 'PersonalDataErased':
        await this.users.deleteOne({ _id: event.data.userId });
        return;
      case 'EmailVerified':
        await applyOnce(this.users, { _id: event.data.userId }, recorded, { $set: { emailVerified: true } });
        return;
    }
  }
}
