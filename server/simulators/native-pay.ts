/**
 * WeChat Pay's and Alipay's notification, simulated. In a mini-program the app pays with the
 * parameters the simulated cashier issued (server/payments/cashier.ts: the payment id is WeChat's
 * prepay id and Alipay's trade number); a real platform then tells the server the outcome on its
 * own. Here whoever plays the platform (the mini-program runtime tests, or a developer with curl)
 * posts that outcome to NATIVE_PAY_NOTIFY_PATH, which settles the payment once, exactly as the
 * cashier page's buttons do. Like the other simulators it is served outside production only.
 */
import { z } from 'zod'
import type { NativePayMethod } from '../payments/payments'

export const NATIVE_PAY_NOTIFY_PATH = '/sim/pay/{paymentId}/notify'

const NATIVE_PAY_METHODS = ['wechat', 'alipay'] as const satisfies readonly NativePayMethod[]

/** The notification's body: which platform charged the payment, and how it ended. */
export const NativePayNotifyBody = z.object({ method: z.enum(NATIVE_PAY_METHODS), outcome: z.enum(['success', 'fail']) })
