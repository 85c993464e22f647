/**
 * `npm run sim -- <orderId> <audit-pass|audit-reject|ship|activate> [reason]`: the lifecycle
 * simulator (server/simulators/sim-command.ts) on the server's database configuration.
 */
import { ConfigError, defaultToDevelopment, loadConfig } from '../server/config'
import { systemClock } from '../server/runtime/clock'
import { cryptoRandom } from '../server/runtime/random'
import { simulate } from '../server/simulators/sim-command'

async function main(): Promise<number> {
  defaultToDevelopment()
  const config = loadConfig()
  return simulate(process.argv.slice(2), {
    config,
    clock: systemClock,
    random: cryptoRandom,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `模拟器运行失败：${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  },
)
