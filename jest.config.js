// The suites, all run by `npm test`:
//   unit      - pure modules (domain, config, platform logic) in node
//   pages     - page components rendered with @tarojs/test-utils-react in jsdom
//   e2e       - the built H5 app in Debian's Chromium through playwright-core
//   server    - the API (server/) through fastify.inject, on embedded PostgreSQL (PGlite)
//   server-pg - the same server suite on a PostgreSQL server; only when TEST_DATABASE_URL is set
//               (unreachable: a loud warning and skipped, or a failure with REQUIRE_POSTGRES=1)
//   mini      - the compiled mini-program builds run headless: dist/weapp rendered by
//               miniprogram-simulate, dist/alipay's JavaScript side in a simulated `my`
const path = require('node:path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default
const pagesBase = require('@tarojs/test-utils-react/dist/jest/initConfig.js').default

const styleStub = '<rootDir>/__tests__/support/style-stub.js'

/** The server suite on one database driver. */
function serverProject(displayName, driverSetup, extra = {}) {
  return {
    displayName,
    testEnvironment: 'node',
    roots: ['<rootDir>/__tests__/server'],
    testMatch: ['**/*.test.ts'],
    transform: {
      '^.+\\.[jt]sx?$': 'babel-jest',
      '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/__tests__/server/support/builtin-import-transform.js',
    },
    // Also transformed: ESM-only dependencies of @fastify/static and of fastify.inject
    // (content-disposition, cookie) and jose (the bank's page tokens), which jest's CommonJS sandbox
    // cannot require as they are.
    transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|content-disposition|cookie|jose)/)(?!.*/node_modules/)'],
    setupFiles: [driverSetup],
    setupFilesAfterEnv: ['<rootDir>/__tests__/server/support/timeouts.ts'],
    ...extra,
  }
}

/** The test-utils preset, less the options jest only accepts at the top level. */
function pagesProject(config) {
  const { bail, verbose, ...project } = defineJestConfig(config)
  return project
}

module.exports = {
  reporters: ['default', '<rootDir>/__tests__/support/summary-reporter.js'],
  maxWorkers: 2,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/unit', '<rootDir>/__tests__/build'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
    },
    pagesProject({
      displayName: 'pages',
      rootDir: __dirname,
      testMatch: ['<rootDir>/__tests__/pages/**/*.test.tsx'],
      // Known test-utils problems on Taro 4 (see TOOLCHAIN.md): load @tarojs/taro before the
      // utils to break a router/components import cycle, and transform swiper's .mjs files.
      setupFiles: [
        '<rootDir>/__tests__/support/taro-first.js',
        ...pagesBase.setupFiles,
        '<rootDir>/__tests__/support/quiet-upstream-warnings.js',
      ],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
      transform: {
        '^.+\\.(js|jsx|ts|tsx|mjs)$': path.resolve(
          __dirname,
          'node_modules/@tarojs/test-utils-react/dist/jest/babel-transformer.js',
        ),
      },
      moduleNameMapper: { '\\.(css|scss)$': styleStub },
    }),
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      transform: { '^.+\\.[jt]sx?$': 'babel-jest' },
      globalSetup: '<rootDir>/__tests__/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e/support/global-teardown.ts',
    },
    {
      displayName: 'mini',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/__tests__/mini/**/*.test.ts'],
      // The WeChat suite answers the build's requests with the real server over PGlite (the server
      // suite's transforms); the built bundles run as they are, only inside the phone's scope
      // (no browser globals: __tests__/mini/support/phone-scope.js).
      transform: {
        '/dist/(weapp|alipay)/.+\\.js$': '<rootDir>/__tests__/mini/support/phone-scope.js',
        '^.+\\.[jt]sx?$': 'babel-jest',
        '@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/__tests__/server/support/builtin-import-transform.js',
      },
      transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|content-disposition|cookie|jose)/)(?!.*/node_modules/)', '<rootDir>/dist/(?!weapp/|alipay/)'],
      // jsdom resolves a package's browser build: yaml's (for the server's OpenAPI plugin) is ES
      // modules; the server takes the build Node gives it.
      moduleNameMapper: { '^yaml$': require.resolve('yaml', { paths: [path.dirname(require.resolve('@fastify/swagger'))] }) },
    },
    serverProject('server', '<rootDir>/__tests__/server/support/driver-pglite.js'),
    ...(process.env.TEST_DATABASE_URL
      ? [
          serverProject('server-pg', '<rootDir>/__tests__/server/support/driver-pg.js', {
            globalSetup: '<rootDir>/__tests__/server/support/postgres-global-setup.ts',
          }),
        ]
      : []),
  ],
}
