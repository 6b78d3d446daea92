/** The demo admin an empty store gets when ADMIN_EMAIL is not set (the README's published password: development only). */
export const DEMO_ADMIN = { email: 'admin@peptide.shop', password: 'admin12345', fullName: 'Store Admin' } as const;
