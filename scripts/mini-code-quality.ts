/**
 * WeChat's own code-quality check (miniprogram-ci's checkCodeQuality, the devtools' 代码质量
 * panel) on the built WeChat package, offline: it reads the package and its project.config.json
 * and asks WeChat nothing. Prints each check's outcome; with --json <file>, writes the checks and
 * any error the tool reported there. Exits 1 when a check fails or the tool reported an error
 * while checking (it counts a check that threw as passed).
 *
 *   npm run quality:weapp            (npx tsx scripts/mini-code-quality.ts [dist/weapp] [--json file])
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as ci from 'miniprogram-ci'

/**
 * The tool insists on a key before it builds a project, but checkCodeQuality never reads it
 * (its README); an upload, which would, is not what this script does.
 */
const UNREAD_PRIVATE_KEY = 'unused: checkCodeQuality reads no key'

interface Arguments {
  projectPath: string
  json?: string
}

function parseArguments(args: readonly string[]): Arguments {
  const jsonAt = args.indexOf('--json')
  const json = jsonAt === -1 ? undefined : args[jsonAt + 1]
  const rest = args.filter((_, index) => jsonAt === -1 || (index !== jsonAt && index !== jsonAt + 1))
  return { projectPath: path.resolve(rest[0] ?? 'dist/weapp'), ...(json ? { json } : {}) }
}

async function main(): Promise<number> {
  const { projectPath, json } = parseArguments(process.argv.slice(2))
  const config = JSON.parse(readFileSync(path.join(projectPath, 'project.config.json'), 'utf8')) as { appid: string }
  const errors: string[] = []
  const consoleError = console.error
  console.error = (...args: unknown[]) => {
    errors.push(args.map(String).join(' '))
  }
  const project = new ci.Project({ appid: config.appid, type: 'miniProgram', projectPath, privateKey: UNREAD_PRIVATE_KEY, ignores: ['node_modules/**/*'] })
  const checks = await ci.checkCodeQuality(project)
  console.error = consoleError
  if (json) writeFileSync(json, `${JSON.stringify({ checks, errors }, null, 2)}\n`)
  for (const check of checks) console.log(`${check.success ? 'pass' : 'FAIL'} ${check.name}${check.success ? '' : `: ${check.text}`}`)
  for (const error of errors) console.log(`error while checking: ${error}`)
  return checks.every((check) => check.success) && errors.length === 0 ? 0 : 1
}

// The tool leaves a file watcher running: the process ends here, not when the loop empties.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
