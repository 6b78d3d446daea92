/**
 * For the kill -9 tests: a process started with CRASH_AT=<step> kills itself with SIGKILL the moment
 * it reaches that step, so a test can stop it between any two steps of a process manager and check
 * what a restart makes of it. Without CRASH_AT this does nothing.
 */
export function crashPoint(step: string): void {
  if (process.env.CRASH_AT === step) process.kill(process.pid, 'SIGKILL');
}
