/**
 * Several server processes (SERVER_PROCESSES, server/cluster.ts), started as `npm run server`
 * starts them, on a database of their own on the PostgreSQL server: every worker answers on the
 * one port, a code sent through one worker is read back through another, and SIGTERM to the
 * primary closes them all. PostgreSQL only: the embedded database belongs to one process.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { Envelope } from '../../types/api/envelope'
import { API } from '../../types/api/paths'
import { LISTENING_LINE } from '../../server/listening'
import { createServerDatabase, describeDb, testDriver } from './support/test-database'
import type { ServerDatabase } from './support/test-database'
import { APP_ENV } from '../../server/config'

const describePostgres = testDriver() === 'pg' ? describeDb : describe.skip

const PROCESSES = 2
const START_TIMEOUT_MS = 60_000
/** Nothing listens there: the processes start anyway and count in memory (server/limits/counters.ts). */
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1'
const REPO_ROOT = path.resolve(__dirname, '../..')

/** One request on a connection of its own, so the kernel may hand it to any worker. */
function freshConnectionGet(url: string): Promise<{ status: number; body: Envelope<unknown> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as Envelope<unknown> }))
      })
      .on('error', reject)
  })
}

/** The worker processes of the primary, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
}

describePostgres('several server processes', () => {
  let database: ServerDatabase | undefined
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'etc-cluster-'))
  let server: ChildProcess | undefined
  let output = ''


  beforeAll(async () => {
    database = await createServerDatabase('etc_cluster')
  })

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL')
    await database?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('serves from every worker on one port and stops them all on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        APP_ENV: APP_ENV.development,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        REDIS_URL: UNREACHABLE_REDIS,
        SERVER_PROCESSES: String(PROCESSES),
        SMS_SIMULATOR: 'true',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server = child
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not listening after ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS)
      const read = (chunk: Buffer): void => {
        output += chunk.toString()
        const listening = LISTENING_LINE.exec(output)
        if (listening?.[1]) {
          clearTimeout(timer)
          resolve(listening[1])
        }
      }
      child.stdout?.on('data', read)
      child.stderr?.on('data', read)
      child.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)))
    })
    expect(output.match(/running at/g)).toHaveLength(1)
    const workers = childrenOf(child.pid ?? 0)
    expect(workers).toHaveLength(PROCESSES)

    for (let attempt = 0; attempt < PROCESSES * 2; attempt += 1) {
      expect((await freshConnectionGet(`${url}/healthz`)).status).toBe(200)
    }
    // Sent through one worker, read back through another: the simulators share their outboxes.
    const mobile = '13900139001'
    expect((await freshConnectionGet(`${url}${API.sendCode.path}?mobile=${mobile}`)).body.code).toBe(200)
    for (let attempt = 0; attempt < PROCESSES * 2; attempt += 1) {
      const latest = await freshConnectionGet(`${url}${API.smsTestLatest.path}?mobile=${mobile}`)
      expect(latest.body).toMatchObject({ code: 200, data: { mobile } })
    }

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow()
  }, START_TIMEOUT_MS * 2)
})
