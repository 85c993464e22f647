/**
 * `npm run start:prod`: the built H5 app and the API in production, one server process per core
 * (SERVER_PROCESSES defaults to `auto` here), on a PostgreSQL server and Redis. Nothing is built:
 * a deployment builds once (`npm run build:h5` with its TARO_APP_* settings) and starts many
 * times. Before anything starts, every problem is listed at once (the configuration's and this
 * command's own) and the command exits non-zero.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { runServer } from '../server/cluster'
import { APP_ENV, AUTO_PROCESSES, ConfigError, loadConfig } from '../server/config'
import type { Config } from '../server/config'
import { announceListening } from '../server/listening'
import { SERVER_PROCESS, reportStartupFailure } from '../server/main'
import { H5_DIST } from './lib/h5-build'

type Env = Record<string, string | undefined>

/** What start:prod needs beyond a valid production configuration, read from the same environment. */
export function productionStartProblems(env: Env, h5Dist: string): string[] {
  // A value, or the file holding it (NAME_FILE, a mounted secret: server/config.ts reads both).
  const set = (name: string): boolean => Boolean(env[name]?.trim() || env[`${name}_FILE`]?.trim())
  const problems: string[] = []
  if (env.APP_ENV?.trim().toLowerCase() === APP_ENV.development) problems.push('start:prod runs production: unset APP_ENV or set APP_ENV=production (npm start is the development command)')
  if (!set('DATABASE_URL')) problems.push('DATABASE_URL must be set: production keeps its data on a PostgreSQL server, not the embedded database')
  if (!set('REDIS_URL')) problems.push('REDIS_URL must be set: the processes share their rate limits and SMS limits through Redis')
  if (!existsSync(path.join(h5Dist, 'index.html'))) problems.push(`the H5 app is not built (${path.basename(h5Dist)}/index.html is missing): run npm run build:h5 first`)
  return problems
}

/** The production configuration with start:prod's defaults, or a ConfigError listing every problem at once. */
export function loadProductionConfig(env: Env, h5Dist: string): Config {
  let config: Config | undefined
  let configProblems: readonly string[] = []
  try {
    config = loadConfig({ ...env, SERVER_PROCESSES: env.SERVER_PROCESSES?.trim() || AUTO_PROCESSES })
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    configProblems = error.problems
  }
  const problems = [...configProblems, ...productionStartProblems(env, h5Dist)]
  if (!config || problems.length) throw new ConfigError(problems)
  return config
}

async function main(): Promise<void> {
  const config = loadProductionConfig(process.env, H5_DIST)
  await runServer(SERVER_PROCESS, { config, staticRoot: H5_DIST, onListening: announceListening })
}

if (require.main === module) main().catch(reportStartupFailure)
