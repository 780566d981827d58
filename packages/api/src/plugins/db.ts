// Opens the database the config names, migrates it, seeds an empty one, and closes it when the app closes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { createDb, migrate, type Db } from '../db/create-db.js';
import { seedDatabase } from '../seed/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export const dbPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const db = createDb(config.database, (error) => app.log.warn({ err: error }, 'idle database connection lost'));
  app.decorate('db', db);
  app.decorate('config', config);
  // fastify.close() stops accepting connections and lets in-flight requests finish before onClose hooks run.
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  const { fresh } = await migrate(db);
  await seedDatabase(db, config, app.log, { fresh });
});
