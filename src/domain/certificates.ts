/** Certificates received for an order, as bit flags in certificatesCommitSate. */
export const CERTIFICATE = {
  ID_CARD: 1,
  DRIVING_LICENCE: 2,
  VEHICLE_FRONT: 4,
  ROAD_TRANSPORT_PERMIT: 8,
  MOTOR_LICENCE: 16,
} as const
export type CertificateFlag = (typeof CERTIFICATE)[keyof typeof CERTIFICATE]

/** The photos an application needs; any of them received means it is waiting for audit. */
export const APPLY_CERTIFICATES: readonly CertificateFlag[] = [
  CERTIFICATE.ID_CARD,
  CERTIFICATE.DRIVING_LICENCE,
  CERTIFICATE.VEHICLE_FRONT,
]

export function hasCertificate(mask: number, flag: CertificateFlag): boolean {
  return (mask & flag) === flag
}

export function withCertificate(mask: number, flag: CertificateFlag): number {
  return mask | flag
}

/** The application photos still missing from `mask`, in upload order. */
export function missingCertificates(mask: number): CertificateFlag[] {
  return APPLY_CERTIFICATES.filter((flag) => !hasCertificate(mask, flag))
}
