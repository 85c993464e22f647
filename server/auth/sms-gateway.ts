/**
 * Delivery of SMS: verification codes, and notices (a plate the owner waited for has freed). A real
 * SMS provider implements SmsSender, one template per kind; the simulator (the default outside
 * production) logs each code and keeps the latest per phone for the spec's test calls
 * (/message/v1/message/sendTest), and keeps the notices it sent. Without either, sending reports
 * the service as unavailable.
 */
import type { FastifyBaseLogger } from 'fastify'

export interface SmsMessage {
  phone: string
  code: string
  sentAt: Date
}

/** A notice (no code): what happened, with the template's parameters. */
export interface SmsNotice {
  readonly kind: 'plateReleased'
  readonly phone: string
  readonly plateNumber: string
  readonly sentAt: Date
}

export interface SmsSender {
  /** Rejects when the message could not be handed to the provider. */
  send(message: SmsMessage, log: FastifyBaseLogger): Promise<void>
  /** Rejects when the notice could not be handed to the provider. */
  notify(notice: SmsNotice, log: FastifyBaseLogger): Promise<void>
}

/** The simulator's memory of sent codes and notices. */
export interface SmsOutbox {
  latest(phone: string): SmsMessage | undefined
  /** The notices sent to `phone` by this process (notices go out from one process: the job's), oldest first. */
  notices(phone: string): readonly SmsNotice[]
}

export interface SmsGateway {
  /** Set on the simulator only: production refuses to build with it (server/production-guard.ts). */
  readonly simulated?: boolean
  readonly sender: SmsSender
  /** Present only with the simulator: what the test calls may read. */
  readonly outbox: SmsOutbox | undefined
}

export class SmsUnavailableError extends Error {
  override readonly name = 'SmsUnavailableError'
}

/**
 * Why an SMS provider refused a message, as far as the person can act on it: too many messages
 * to the number or from the account (frequency), a number that cannot receive them (blocked:
 * unsubscribed or on the provider's black list; invalid: not a mobile number), or anything else
 * (unavailable: the provider's fault or ours, e.g. a template or signature not approved).
 */
export type SmsRefusal = 'frequency' | 'blocked' | 'invalid' | 'unavailable'

export class SmsRefusedError extends Error {
  override readonly name = 'SmsRefusedError'

  constructor(
    readonly refusal: SmsRefusal,
    /** The provider's own code, for the log. */
    readonly providerCode: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The other server processes of a cluster (server/cluster.ts), whose simulators share their
 * outboxes: a code sent through one process is read back through another.
 */
export interface OutboxPeers {
  publish(message: SmsMessage): void
  /** `receive` gets every message another process sent. */
  subscribe(receive: (message: SmsMessage) => void): void
}

/** The notices the simulator remembers, newest kept: a long-running demo server stays small. */
const SIMULATED_NOTICES_KEPT = 100

/** Codes go to the log (the phone masked by the logger) and to the outbox (and its peers' outboxes), nowhere else. */
export function createSmsSimulator(peers?: OutboxPeers): SmsGateway {
  const latest = new Map<string, SmsMessage>()
  const notices: SmsNotice[] = []
  peers?.subscribe((message) => latest.set(message.phone, message))
  return {
    simulated: true,
    sender: {
      async send(message, log) {
        latest.set(message.phone, message)
        peers?.publish(message)
        log.info({ sms: { phone: message.phone, code: message.code } }, 'SMS simulator: verification code sent')
      },
      async notify(notice, log) {
        notices.push(notice)
        if (notices.length > SIMULATED_NOTICES_KEPT) notices.shift()
        log.info({ sms: { phone: notice.phone, kind: notice.kind } }, 'SMS simulator: notice sent')
      },
    },
    outbox: { latest: (phone) => latest.get(phone), notices: (phone) => notices.filter((notice) => notice.phone === phone) },
  }
}

/** No SMS provider configured (production without a real sender). */
export function createUnavailableSms(): SmsGateway {
  return {
    sender: {
      send: async () => {
        throw new SmsUnavailableError('No SMS provider is configured')
      },
      notify: async () => {
        throw new SmsUnavailableError('No SMS provider is configured')
      },
    },
    outbox: undefined,
  }
}
