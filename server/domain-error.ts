/**
 * The failures the product's rules end a call with (orders, uploads, payments, ...), said in the
 * contract's words: a business code of types/api/envelope.ts and a Chinese message. The modules
 * that hold the rules know nothing of HTTP; the HTTP layer (server/http/errors.ts) answers each
 * kind with its status and envelope.
 *
 * - `invalid`: the request breaks a rule its schema cannot see (a package not on sale, another
 *   order's plate); answered like malformed input.
 * - `not_found`: what was asked for is not there or not the caller's; answered exactly like an
 *   unknown address, so it carries no message of its own and ids cannot be probed.
 * - `business`: an outcome of the rules (plate taken, order cancelled, too many tries) with its
 *   business code.
 */
import { BUSINESS_CODE } from '../types/api/envelope'
import type { BusinessCode } from '../types/api/envelope'

export type DomainErrorKind = 'invalid' | 'not_found' | 'business'

export class DomainError extends Error {
  override readonly name = 'DomainError'

  private constructor(
    readonly kind: DomainErrorKind,
    readonly code: BusinessCode,
    message: string,
  ) {
    super(message)
  }

  static invalid(msg: string): DomainError {
    return new DomainError('invalid', BUSINESS_CODE.BAD_REQUEST, msg)
  }

  static notFound(): DomainError {
    return new DomainError('not_found', BUSINESS_CODE.NOT_FOUND, 'Not found')
  }

  static business(code: BusinessCode, msg: string): DomainError {
    return new DomainError('business', code, msg)
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError
}
