import { Injectable } from '@nestjs/common';
import { UserQueries } from '../../../../projections/identity/user.queries';
import { CredentialsRepository } from './credentials.repository';

export class CredentialStoreMissingError extends Error {
  constructor(users: number) {
    super(
      `The event log holds ${users} registered user(s), but the credential store holds no credentials, so no one could sign in. ` +
        'Restore credentials.sqlite in DATA_DIR (or the MongoDB credentials database) from a backup before starting the shop. ' +
        'Read models can be rebuilt from the log; credentials cannot.',
    );
    this.name = 'CredentialStoreMissingError';
  }
}

/** At start-up, once the read models have caught up with the log: users without any credentials is a lost store, said loudly. */
@Injectable()
export class CredentialStoreCheck {
  constructor(
    private readonly users: UserQueries,
    private readonly credentials: CredentialsRepository,
  ) {}

  async assertConsistentWithLog(): Promise<void> {
    const users = await this.users.count();
    if (users > 0 && (await this.credentials.count()) === 0) throw new CredentialStoreMissingError(users);
  }
}
