import { config } from 'zod';

// zod compiles object parsers with `new Function` when it may, deciding as each schema is built;
// the shop's CSP forbids eval, so this module must be imported before any module that defines a schema.
config({ jitless: true });
