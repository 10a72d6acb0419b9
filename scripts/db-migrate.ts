// npm run db:migrate: applies the committed migrations to the app's database (DATABASE_URL, else PGlite).
import { withAppDatabase } from "./support/app-database";

await withAppDatabase(async (_database, where) => {
  console.log(`Migrated ${where}.`);
});
