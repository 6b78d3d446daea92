/** Free of framework code, so the storefront shares the type of `GET /api/auth/user`. */
/** The signed-in user as passport restored it from the session. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  firstName: string;
  role: 'admin' | 'customer';
  profileImageUrl: string | null;
  /** Confirmed through the mailed link (administrators count as confirmed): only then are guest orders placed with the address claimed. */
  emailVerified: boolean;
}
