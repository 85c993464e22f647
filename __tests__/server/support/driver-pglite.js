// The "server" jest project: the server suite on embedded PostgreSQL (PGlite, in memory).
process.env.SERVER_TEST_DRIVER = 'pglite'
