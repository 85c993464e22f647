/**
 * How the order pages word an order's codes: package, payment, audit, delivery, certificates
 * and cancellation. The codes are the domain's; only the Chinese words live here.
 */
import { CERTIFICATE, hasCertificate } from '../../../domain/certificates'
import type { CertificateFlag } from '../../../domain/certificates'
import { AUDIT_STATE, CANCEL_STATE, DELIVERY_METHOD_LABEL, ISSUER_AUDIT_STATE, PAY_STATE, issuerName } from '../../../domain/enums'
import type { DeliveryMethod } from '../../../domain/enums'
import { code } from '../../../domain/order'
import type { Code } from '../../../domain/order'

const PAY_STATE_LABEL: Readonly<Record<number, string>> = {
  [PAY_STATE.NOT_NEEDED]: '无需支付',
  [PAY_STATE.AWAITING_PAYMENT]: '待支付',
  [PAY_STATE.PAYING]: '支付中',
  [PAY_STATE.FAILED]: '支付失败',
  [PAY_STATE.SUCCESS]: '已支付',
}

export function payStateLabel(state: Code): string {
  const value = code(state)
  return (value !== undefined && PAY_STATE_LABEL[value]) || '未发起支付'
}

export function auditLabel(order: { auditState: Code; supplierAuditState: Code }): string {
  const audit = code(order.auditState)
  if (audit === AUDIT_STATE.REJECTED) return '审核未通过'
  if (audit === AUDIT_STATE.PASSED) return code(order.supplierAuditState) === ISSUER_AUDIT_STATE.PASSED ? '审核通过' : '发行方审核中'
  return '待审核'
}

export function deliveryMethodLabel(method: string | null | undefined): string {
  return (method && DELIVERY_METHOD_LABEL[method as DeliveryMethod]) || '未选择'
}

export function issuerLabel(issuerId: Code): string {
  const id = code(issuerId)
  return (id !== undefined && issuerName(id)) || '待分配'
}

const CERTIFICATE_LABEL: Readonly<Record<CertificateFlag, string>> = {
  [CERTIFICATE.ID_CARD]: '身份证',
  [CERTIFICATE.DRIVING_LICENCE]: '行驶证',
  [CERTIFICATE.VEHICLE_FRONT]: '车头照',
  [CERTIFICATE.ROAD_TRANSPORT_PERMIT]: '道路运输证',
  [CERTIFICATE.MOTOR_LICENCE]: '机动车登记证',
}

const ALL_CERTIFICATES = Object.values(CERTIFICATE)

/** The names of the certificates the bit flags say were received, in flag order. */
export function receivedCertificates(mask: Code): string[] {
  const value = code(mask) ?? 0
  return ALL_CERTIFICATES.filter((flag) => hasCertificate(value, flag)).map((flag) => CERTIFICATE_LABEL[flag])
}

const CANCEL_STATE_LABEL: Readonly<Record<number, string>> = {
  [CANCEL_STATE.CANCELLING]: '取消中',
  [CANCEL_STATE.SUCCESS]: '已取消',
  [CANCEL_STATE.FAILED]: '取消失败',
}

export function cancelStateLabel(state: Code): string | undefined {
  const value = code(state)
  return value === undefined ? undefined : CANCEL_STATE_LABEL[value]
}
