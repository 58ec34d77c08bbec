-- Run once by the postgres image as it creates its data (docker-entrypoint-initdb.d): the login
-- role the API and the worker connect as (DATABASE_URL). It owns nothing and bypasses nothing;
-- `migration:run`, connected as the owner (DATABASE_OWNER_URL), grants it the application roles.
CREATE ROLE assist_runtime LOGIN PASSWORD 'assist_runtime'
  NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION;
