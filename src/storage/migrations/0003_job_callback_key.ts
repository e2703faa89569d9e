import type { Kysely, Migration } from 'kysely';

export const migration: Migration = {
  async up(db: Kysely<any>) {
    // HMAC key for the job's callback signature: the SHA-256 of the API key that queued it.
    await db.schema.alterTable('jobs').addColumn('callback_key', 'text').execute();
  },
};
