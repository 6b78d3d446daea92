import { Logger } from '@nestjs/common';
import { Pool } from 'pg';
import { sqlState } from './postgres-database';

const SQLSTATE_UNDEFINED_TABLE = '42P01';

/** How often the tables are looked at: PostgreSQL's own autovacuum wakes once a minute by default. */
export const UPKEEP_INTERVAL_MS = 60_000;
/** PostgreSQL's defaults for autovacuum: a table is analysed after 50 + 10 % of its rows changed, vacuumed after 50 + 20 % died. */
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;

export interface UpkeepDone {
  analyzed: string[];
  vacuumed: string[];
}

/**
 * What autovacuum does, for a server that runs without it (`autovacuum = off`, as on some hosted and test
 * servers): the tables of one schema whose planner statistics are out of date are analysed, and those full of
 * dead row versions (every counter's move leaves one) are vacuumed. Without statistics the planner takes a
 * collection made empty at start for a small one forever: the traffic report's top pages (an index read of
 * 0.3 ms) were sorted from every page there was, 22 ms at 8,600 pages. With autovacuum on, this does nothing.
 * Several instances may run it at once: an advisory lock lets one of them do the work.
 */
export async function keepTablesUp(pool: Pool, schema: string): Promise<UpkeepDone> {
  const done: UpkeepDone = { analyzed: [], vacuumed: [] };
  const client = await pool.connect();
  try {
    const { rows: settings } = await client.query<{ on: boolean }>(`SELECT current_setting('autovacuum') = 'on' AS on`);
    if (settings[0].on) return done;
    const { rows: locked } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [`shop-table-upkeep:${schema}`]);
    if (!locked[0].locked) return done;
    try {
      const { rows } = await client.query<{ table: string; live: string; dead: string; changed: string }>(
        'SELECT relname AS table, n_live_tup AS live, n_dead_tup AS dead, n_mod_since_analyze AS changed FROM pg_stat_user_tables WHERE schemaname = $1',
        [schema],
      );
      for (const row of rows) {
        const live = Number(row.live);
        const name = `"${schema}"."${row.table.replace(/"/g, '""')}"`;
        try {
          if (Number(row.dead) > VACUUM_BASE + VACUUM_SHARE * live) {
            await client.query(`VACUUM (ANALYZE) ${name}`);
            done.vacuumed.push(row.table);
          } else if (Number(row.changed) > ANALYZE_BASE + ANALYZE_SHARE * live) {
            await client.query(`ANALYZE ${name}`);
            done.analyzed.push(row.table);
          }
        } catch (error) {
          // Dropped since it was listed (a collection dropped, a rebuild): nothing to keep up.
          if (sqlState(error) !== SQLSTATE_UNDEFINED_TABLE) throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`shop-table-upkeep:${schema}`]);
    }
    return done;
  } finally {
    client.release();
  }
}

/** keepTablesUp now and every UPKEEP_INTERVAL_MS until stopped; a failure is logged and tried again next time. */
export function scheduleTableUpkeep(pool: Pool, schema: string): { stop: () => Promise<void> } {
  const logger = new Logger('TableUpkeep');
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = keepTablesUp(pool, schema).catch((error: Error) => {
      if (!stopped) logger.warn(`Keeping the tables of ${schema} analysed failed: ${error.message}`);
    });
  };
  const timer = setInterval(run, UPKEEP_INTERVAL_MS).unref();
  run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
