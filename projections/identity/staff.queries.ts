import { Inject, Injectable } from '@nestjs/common';
import { StaffListView } from '../../backend/src/identity/contract/staff-input';
import { READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { PENDING_INVITATIONS_COLLECTION, PendingInvitationDocument, STAFF_COLLECTION, StaffDocument } from './staff.projector';
import { USERS_COLLECTION, UserDocument } from './users.projector';

/** The owner's Staff page: a shop has a handful of staff and invitations, so one read of each is the whole list. */
const STAFF_LIMIT = 500;

@Injectable()
export class StaffQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async list(now = new Date()): Promise<StaffListView> {
    const staff = await this.readStore.collection<StaffDocument>(STAFF_COLLECTION).find({}, { limit: STAFF_LIMIT });
    const users = await this.readStore.collection<UserDocument>(USERS_COLLECTION).find({ _id: { $in: staff.map((member) => member.userId) } }, { limit: STAFF_LIMIT });
    const byId = new Map(users.map((user) => [user.id, user]));
    const invitations = await this.readStore
      .collection<PendingInvitationDocument>(PENDING_INVITATIONS_COLLECTION)
      .find({ expiresAt: { $gt: now.toISOString() } }, { sort: { expiresAt: 1 }, limit: STAFF_LIMIT });
    return {
      staff: staff
        .filter((member) => byId.has(member.userId))
        .map((member) => ({ userId: member.userId, fullName: byId.get(member.userId)!.fullName, email: byId.get(member.userId)!.email, role: member.role, since: member.since }))
        .sort((a, b) => a.since.localeCompare(b.since)),
      invitations: invitations.map(({ invitationId, email, role, invitedAt, expiresAt }) => ({ invitationId, email, role, invitedAt, expiresAt })),
    };
  }
}
