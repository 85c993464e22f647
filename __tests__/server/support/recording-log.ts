import type { FastifyBaseLogger } from 'fastify'

/** A structural stand-in for pino that keeps every line it is given, as text. */
export function recordingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = []
  const record = (...args: unknown[]) => {
    lines.push(JSON.stringify(args))
  }
  const log = { info: record, warn: record, error: record, debug: record, trace: record, fatal: record, silent: record, level: 'info', child: () => log }
  return { log: log as unknown as FastifyBaseLogger, lines }
}
