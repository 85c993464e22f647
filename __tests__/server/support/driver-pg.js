// The "server-pg" jest project: the same suite on the PostgreSQL server at TEST_DATABASE_URL.
process.env.SERVER_TEST_DRIVER = 'pg'
