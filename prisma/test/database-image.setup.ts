import { prepareTestDatabaseImage, TEST_DATABASE_IMAGE_ENV } from "../src/test-database";

/**
 * Global setup of the projects that open test databases (vitest.config.ts): one migrated embedded database for
 * the whole run, which each test file's database is loaded from (openTestDatabase). Not needed on PostgreSQL, where
 * migrating a new database takes a quarter of a second.
 */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const started = Date.now();
  process.env[TEST_DATABASE_IMAGE_ENV] = await prepareTestDatabaseImage();
  console.log(`test databases start from ${process.env[TEST_DATABASE_IMAGE_ENV]} (${Date.now() - started} ms)`);
}
