/** Plate checks, the sealed apply payload and its draft, photo uploads and vouchers. */
import { API } from '../../../types/api/paths'
import { SEALED_FIELD } from '../../../types/api/sealed'
import type { ApplyDraft, ApplyPayload, ClaimVoucherRequest, ContractInterceptionRequest, UploadSubject, VoucherRequest } from '../../../types/api/apply'
import { UNIQUE_CHECK_VEHICLE_TYPE } from '../../domain/plate'
import type { SealedBox } from '../crypto/sealed-box'
import type { RequestClient } from '../request/client'
import { SHOWN_BY_SCREEN, callApi, uploadApi } from './call'

/** H5 pages use the h5 upload paths; mini-programs the others (the spec lists both). */
export type UploadTarget = 'h5' | 'mini'

const UPLOAD_PATHS = {
  h5: { idCard: API.uploadIdCardH5, drivingLicense: API.uploadDrivingLicenseH5, image: API.uploadImageH5 },
  mini: { idCard: API.uploadIdCard, drivingLicense: API.uploadDrivingLicense, image: API.uploadImage },
} as const satisfies Record<UploadTarget, unknown>

export function createApplyApi(client: RequestClient, sealer: SealedBox, target: UploadTarget) {
  const sealApply = (value: ApplyPayload | ApplyDraft) => sealer.seal(SEALED_FIELD.apply, JSON.stringify(value))
  return {
    // The plate checks, the apply steps and the photo uploads fail on their screens (the plate
    // page, the form, the package choice, the photo preview), which say why.
    plateUnique: (plateNumber: string, plateColor: number) =>
      callApi(client, API.plateUnique, { plateNumber, plateColor, vehicleType: UNIQUE_CHECK_VEHICLE_TYPE }, SHOWN_BY_SCREEN),
    /** An SMS when another applicant's unpaid hold of the plate ends; the plate page says why it failed. */
    plateReleaseNotice: (plateNumber: string, plateColor: number) => callApi(client, API.plateReleaseNotice, { plateNumber, plateColor }, SHOWN_BY_SCREEN),
    contractInterception: (request: ContractInterceptionRequest) => callApi(client, API.contractInterception, request, SHOWN_BY_SCREEN),
    checkApplyPlate: (plateNumber: string) => callApi(client, API.checkApplyPlate, { plateNumber }, SHOWN_BY_SCREEN),
    requiredRisk: (plateNumber: string, promotionChannelId: string) => callApi(client, API.requiredRisk, { plateNumber, promotionChannelId }, SHOWN_BY_SCREEN),
    /** One apply step; never retried (the client never retries a POST). */
    apply: (payload: ApplyPayload) => callApi(client, API.apply, { encryptUsersVehicleApplyVoStr: sealApply(payload) }, SHOWN_BY_SCREEN),
    // Silent: the server's outbox hands the order over even when this call fails (apply-store.ts).
    push: (orderId: string, promotionChannelId: string) => callApi(client, API.applyPush, { orderId, promotionChannelId }, { silent: true }),
    /** The silent save of the draft at step boundaries: no toast when it fails. */
    saveDraft: (draft: ApplyDraft) => callApi(client, API.saveDraft, { encryptUsersVehicleApplyVoStr: sealApply(draft) }, { silent: true }),
    loadDraft: (): Promise<ApplyDraft | undefined> =>
      callApi(client, API.loadDraft, undefined, { silent: true }).then((response) => {
        if (!response.encryptUsersVehicleApplyVoStr) return undefined
        const plain = sealer.open(SEALED_FIELD.apply, response.encryptUsersVehicleApplyVoStr)
        return plain === undefined ? undefined : (JSON.parse(plain) as ApplyDraft)
      }),
    /** Uploads a photo of the order; `onProgress` hears how much has gone out, in percent. */
    uploadPhoto: (orderId: string, subject: UploadSubject, filePath: string, onProgress?: (percent: number) => void) => {
      const paths = UPLOAD_PATHS[target]
      const extras = { ...SHOWN_BY_SCREEN, ...(onProgress ? { onProgress } : {}) }
      switch (subject.kind) {
        case 'idCard':
          return uploadApi(client, paths.idCard, { orderId, side: subject.side }, filePath, extras)
        case 'drivingLicense':
          return uploadApi(client, paths.drivingLicense, { orderId }, filePath, extras)
        case 'image':
          return uploadApi(client, paths.image, { orderId, imageType: subject.imageType }, filePath, extras)
      }
    },
    // The photo's line on the form says a reading failed; the person types as before.
    recognizePhoto: (orderId: string, fileId: string) => callApi(client, API.recognizePhoto, { orderId, fileId }, SHOWN_BY_SCREEN),
    // The form says why the platform's phone could not be had.
    phoneByCode: (code: string) => callApi(client, API.phoneByCode, { code }, SHOWN_BY_SCREEN),
    verifyEligibility: (request: VoucherRequest) => callApi(client, API.verifyEligibility, request),
    // A refused claim (the code was used meanwhile) is said next to the code field.
    claimVoucher: (request: ClaimVoucherRequest) => callApi(client, API.claimVoucher, request, SHOWN_BY_SCREEN),
  }
}

export type ApplyApi = ReturnType<typeof createApplyApi>
