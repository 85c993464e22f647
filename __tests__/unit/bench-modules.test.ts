/**
 * `npm run bench` runs under tsx, outside jest, and borrows the browser suite's journey steps: a
 * helper that reads jest's globals as it loads breaks the bench while every test stays green.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(__dirname, '../..')
const BENCH_LIB = 'scripts/lib/bench'
/** Jest runs this one (in a process of its own), so it may read jest's globals. */
const RUN_BY_JEST = 'mini-program-walk.ts'

test("the bench's modules load outside jest", () => {
  const modules = readdirSync(path.join(ROOT, BENCH_LIB))
    .filter((name) => name.endsWith('.ts') && name !== RUN_BY_JEST)
    .map((name) => `./${BENCH_LIB}/${name}`)
  expect(modules).toContain(`./${BENCH_LIB}/route-changes.ts`)
  const script = `Promise.all(${JSON.stringify(modules)}.map((m) => import(m))).then(() => process.stdout.write('loaded'))`
  const output = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  })
  expect(output).toBe('loaded')
})
