-- Signdesk's database and its two roles, for psql as a PostgreSQL superuser (or a role with
-- CREATEROLE and CREATEDB):
--
--   psql -v ON_ERROR_STOP=1 \
--        -v db_name=signdesk \
--        -v owner_role=signdesk_owner -v owner_password="$OWNER_PASSWORD" \
--        -v app_role=signdesk_app     -v app_password="$APP_PASSWORD" \
--        -f deploy/postgres/setup.sql postgres://postgres@db.internal:5432/postgres
--
-- owner_role owns the database and every table: `npm run migrate` runs with it, once per
-- release, before any instance starts. app_role is what the instances run with
-- (DATABASE_URL): it reads and writes rows and nothing else, so it can neither drop, alter nor
-- create a table. Running this again changes the passwords and re-grants; it drops nothing.
-- tests/ops/postgres-deployment.test.ts applies it as written.

\set ON_ERROR_STOP on

-- Roles: created when missing, and their passwords set either way.
SELECT format('CREATE ROLE %I LOGIN', :'owner_role')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'owner_role') \gexec
SELECT format('CREATE ROLE %I LOGIN', :'app_role')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_role') \gexec
ALTER ROLE :"owner_role" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'owner_password';
ALTER ROLE :"app_role" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD :'app_password';

-- The database, owned by the owner role.
SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L TEMPLATE template0', :'db_name', :'owner_role', 'UTF8')
 WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'db_name') \gexec
-- Only the two roles connect; nobody else creates schemas or temporary tables in it.
REVOKE ALL ON DATABASE :"db_name" FROM PUBLIC;
GRANT CONNECT, CREATE, TEMPORARY ON DATABASE :"db_name" TO :"owner_role";
GRANT CONNECT ON DATABASE :"db_name" TO :"app_role";

\connect :"db_name"

-- The tables live in public, owned by the owner role; PUBLIC may not create there (PostgreSQL
-- 15's default, made explicit for older servers).
ALTER SCHEMA public OWNER TO :"owner_role";
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app_role";

-- What the instances may do: rows only, on every table migrations have made...
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"app_role";
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO :"app_role";
-- ...and on every table later migrations make (as the owner role, whose defaults these are).
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role" IN SCHEMA public
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role" IN SCHEMA public
  GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";

-- Background work: `npm run migrate` makes pg-boss's schema (pgboss) and a table per queue, as
-- the owner role. The instances take, finish and retry jobs there: rows only, as in public.
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role" GRANT USAGE ON SCHEMAS TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role"
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
-- Run again after the schema exists (an older database): the grants on what is there now.
SELECT format('GRANT USAGE ON SCHEMA pgboss TO %I', :'app_role')
 WHERE EXISTS (SELECT FROM pg_namespace WHERE nspname = 'pgboss') \gexec
SELECT format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO %I', :'app_role')
 WHERE EXISTS (SELECT FROM pg_namespace WHERE nspname = 'pgboss') \gexec
