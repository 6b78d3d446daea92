import type { Role } from './staff-roles';

/** Free of framework code, so the storefront shares the type of `GET /api/auth/user`. */
/** The signed-in user as passport restored it from the session. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  firstName: string;
  /** What the back office shows and the server allows follows from it (staff-roles.ts). */
  role: Role;
  profileImageUrl: string | null;
  /** Confirmed through the mailed link (staff count as confirmed): only then are guest orders placed with the address claimed. */
  emailVerified: boolean;
}
