import { HASHING_THREADS } from './identity/commands/password-hasher';

/**
 * libuv's thread pool (file reads, gzip, DNS, crypto, argon2) is created at its first use with
 * UV_THREADPOOL_SIZE threads (4 by default). Password hashing takes up to HASHING_THREADS of them
 * (its own lane, see PasswordHasher), so the pool gets that many more: static files and compression
 * keep the four they had during a flood of logins. Imported first by main.ts, before anything uses the pool.
 */
const DEFAULT_POOL = 4;
if (process.env.UV_THREADPOOL_SIZE === undefined) process.env.UV_THREADPOOL_SIZE = String(DEFAULT_POOL + HASHING_THREADS);
