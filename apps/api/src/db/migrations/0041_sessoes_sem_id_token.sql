-- Expand, then contract (README, "Atualizações"), for "sessoes"."sso_id_token", cleared by 0031. The column leaves the
-- Drizzle schema here but stays in the table: the previous release's inserts still name every column of its schema,
-- this one included (`default`), so dropping it now would fail their sign-ins during a rolling restart. The next
-- release drops it, with a `-- contrair:` line naming this one. Nothing to run in this step.
SELECT 1;
