// Opening an embedded database takes a few seconds (initdb in WebAssembly); scrypt and the
// migrations add a little more.
jest.setTimeout(60_000)
