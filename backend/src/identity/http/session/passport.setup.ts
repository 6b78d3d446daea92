import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { SessionUser } from '../../contract/session-user';
import { CredentialsRepository } from '../../commands/credentials.repository';
import { UserQueries } from '../../../../../projections/identity/user.queries';

/** A passport instance of its own (not the global singleton), so several apps can run in one process, as tests do. */
export function createPassport(credentials: CredentialsRepository, users: UserQueries): passport.Authenticator {
  const authenticator = new passport.Authenticator();
  authenticator.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      credentials
        .verify(email.trim().toLowerCase(), password)
        .then(async (userId) => done(null, (userId && (await users.findById(userId))) || false))
        .catch((error) => done(error));
    }),
  );
  authenticator.serializeUser<string>((user, done) => done(null, (user as SessionUser).id));
  authenticator.deserializeUser<string>((userId, done) => {
    users
      .findById(userId)
      .then((user) => done(null, user ?? false))
      .catch((error) => done(error));
  });
  return authenticator;
}
