// PGlite takes seconds to start and integration tests seed data: a generous per-test limit.
jest.setTimeout(120_000);
