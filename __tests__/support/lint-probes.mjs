/**
 * Lints probe sources as if they were files of the app, all in one ESLint run (lint-boundaries
 * test): reads `[{ file, code }]` as JSON on stdin, prints the rule ids each probe broke, in order.
 * A separate process, as the flat config is an ES module that jest's module sandbox cannot import.
 * import/no-cycle is off for the probes: it needs the file on disk (`npm run lint` exercises it).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

let input = ''
for await (const chunk of process.stdin) input += chunk
const probes = JSON.parse(input)
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { 'import/no-cycle': 'off' } } })
const found = []
for (const { file, code } of probes) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
  found.push((result?.messages ?? []).map((message) => message.ruleId ?? message.message))
}
process.stdout.write(JSON.stringify(found))
