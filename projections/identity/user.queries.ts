import { Inject, Injectable } from '@nestjs/common';
import { USERS_COLLECTION, UserDocument } from './users.projector';
import { hasVerifiedEmail } from '../../backend/src/identity/contract/identity.events';
import { roleOf } from '../../backend/src/identity/contract/staff-roles';
import { SessionUser } from '../../backend/src/identity/contract/session-user';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';

@Injectable()
export class UserQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async findById(userId: string): Promise<SessionUser | null> {
    const doc = await this.readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ _id: userId });
    return doc && toSessionUser(doc);
  }

  async count(): Promise<number> {
    return this.readStore.collection<UserDocument>(USERS_COLLECTION).count({});
  }

  /** Accounts closed whose personal data is not yet erased (an interrupted closing, for its supervisor). */
  async closing(): Promise<string[]> {
    return (await this.readStore.collection<UserDocument>(USERS_COLLECTION).find({ closing: true }, { limit: 100 })).map((doc) => doc.id);
  }

  async findByEmail(email: string): Promise<SessionUser | null> {
    const doc = await this.readStore.collection<UserDocument>(USERS_COLLECTION).findOne({ email });
    return doc && toSessionUser(doc);
  }
}

function toSessionUser(doc: UserDocument): SessionUser {
  const role = roleOf(doc.role);
  const emailVerified = hasVerifiedEmail({ emailVerified: doc.emailVerified === true, role });
  return { id: doc.id, email: doc.email, fullName: doc.fullName, firstName: doc.firstName, role, profileImageUrl: doc.profileImageUrl, emailVerified };
}
