/** The identity commands other parts of the shop may send (demo data and the configured administrator). */
export { GrantRole } from './grant-role.command';
export { RegisterUser } from './register-user.command';
