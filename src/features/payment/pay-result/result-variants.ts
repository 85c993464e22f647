/**
 * How each way a payment can end reads: its icon, words, role, the actions it offers (the first
 * is the primary one) and whether customer service is offered.
 */
import type { PayWatchStatus } from '../../../stores/payment-store'

export type ResultIcon = 'success' | 'failure' | 'warning' | 'clock'
export type ResultTone = 'success' | 'failure' | 'waiting'
/** Each action's test id is `pay-result-<action>`. */
export type ResultAction = 'view-order' | 'home' | 'retry' | 'pay' | 'refresh'

export interface ResultVariant {
  testId: string
  icon: ResultIcon
  tone: ResultTone
  title: string
  /** Left out where the page shows the failure's own words. */
  description?: string
  /** 'alert' for outcomes the user must act on. */
  role?: 'alert'
  actions: readonly ResultAction[]
  /** The prompt before the customer-service action, where one is offered. */
  help?: string
}

export const RESULT_VARIANTS = {
  success: {
    testId: 'pay-result-success',
    icon: 'success',
    tone: 'success',
    title: '支付成功',
    description: '您的ETC申请已提交，请留意审核和物流进度。',
    actions: ['view-order', 'home'],
  },
  notNeeded: {
    testId: 'pay-result-success',
    icon: 'success',
    tone: 'success',
    title: '申请已提交',
    description: '本订单无需支付，您的ETC申请已提交。',
    actions: ['view-order', 'home'],
  },
  failed: {
    testId: 'pay-result-failed',
    role: 'alert',
    icon: 'failure',
    tone: 'failure',
    title: '支付失败',
    description: '本次支付未完成。您可以为同一订单重新支付，不会产生新的订单。',
    actions: ['retry', 'view-order'],
    help: '支付遇到问题',
  },
  unpaid: {
    testId: 'pay-result-unpaid',
    role: 'alert',
    icon: 'warning',
    tone: 'waiting',
    title: '订单尚未支付',
    description: '请完成支付后继续办理。',
    actions: ['pay', 'view-order'],
  },
  timeout: {
    testId: 'pay-result-timeout',
    role: 'alert',
    icon: 'clock',
    tone: 'waiting',
    title: '支付结果查询超时',
    description: '暂未查询到支付结果。如您已完成支付，请稍后刷新查看，请勿重复支付。',
    actions: ['refresh', 'view-order'],
    help: '长时间未出结果',
  },
  error: {
    testId: 'pay-result-error',
    role: 'alert',
    icon: 'warning',
    tone: 'failure',
    title: '支付结果查询失败',
    actions: ['refresh', 'home'],
  },
  polling: {
    testId: 'pay-result-polling',
    icon: 'clock',
    tone: 'waiting',
    title: '正在查询支付结果',
    description: '请稍候，支付结果通常几秒内返回。',
    actions: [],
  },
} as const satisfies Record<string, ResultVariant>

export type ResultName = keyof typeof RESULT_VARIANTS

/** The variant a watch status shows; not watching yet reads as still asking. */
export function resultOf(status: PayWatchStatus): ResultName {
  return status === 'idle' ? 'polling' : status
}

export const ACTION_LABEL: Readonly<Record<ResultAction, string>> = { 'view-order': '查看订单', home: '返回首页', retry: '重新支付', pay: '去支付', refresh: '刷新' }
