/** Plate checks, the sealed apply payload and its draft, photo uploads and vouchers. */
import { API } from '../../../types/api/paths'
import type { Endpoint } from '../../../types/api/paths'
import { SEALED_FIELD } from '../../../types/api/sealed'
import type {
  ApplyDraft,
  ApplyPayload,
  ApplyPushResponse,
  ApplyResponse,
  CheckApplyPlateResponse,
  ClaimVoucherResponse,
  InterceptionResponse,
  LoadDraftResponse,
  PlateUniqueResponse,
  RequiredRiskResponse,
  SaveDraftResponse,
  UploadResponse,
  UploadSubject,
  VerifyEligibilityResponse,
} from '../../../types/api/apply'
import type { Envelope } from '../../../types/api/envelope'
import { UNIQUE_CHECK_VEHICLE_TYPE } from '../../domain/plate'
import type { SealedBox } from '../../platform/sealed-box'
import type { RequestClient } from '../request/client'
import { callApi, withQuery } from './call'

/** H5 pages use the h5 upload paths; mini-programs the others (the spec lists both). */
export type UploadTarget = 'h5' | 'mini'

const UPLOAD_PATHS: Readonly<Record<UploadTarget, { idCard: Endpoint; drivingLicense: Endpoint; image: Endpoint }>> = {
  h5: { idCard: API.uploadIdCardH5, drivingLicense: API.uploadDrivingLicenseH5, image: API.uploadImageH5 },
  mini: { idCard: API.uploadIdCard, drivingLicense: API.uploadDrivingLicense, image: API.uploadImage },
}

export function createApplyApi(client: RequestClient, sealer: SealedBox, target: UploadTarget) {
  const sealApply = (value: ApplyPayload | ApplyDraft) => sealer.seal(SEALED_FIELD.apply, JSON.stringify(value))
  const upload = async (endpoint: Endpoint, filePath: string, formData: Record<string, string>, onProgress?: (percent: number) => void) => {
    const envelope = await client.upload<Envelope<UploadResponse>>({ url: endpoint.path, filePath, formData, ...(onProgress ? { onProgress } : {}) })
    return envelope.data
  }
  return {
    plateUnique: (plateNumber: string, plateColor: number) =>
      callApi<PlateUniqueResponse>(client, API.plateUnique, { plateNumber, plateColor, vehicleType: UNIQUE_CHECK_VEHICLE_TYPE }),
    contractInterception: (request: { plateNo: string; plateColor: number; orderId?: string; promotionChannelId: string }) =>
      callApi<InterceptionResponse>(client, API.contractInterception, request),
    channelInterceptCheck: (sourceChannel: string, promotionChannelId: string) =>
      callApi<InterceptionResponse>(client, API.channelInterceptCheck, { sourceChannel, promotionChannelId }),
    checkApplyPlate: (plateNumber: string) => callApi<CheckApplyPlateResponse>(client, API.checkApplyPlate, { plateNumber }),
    requiredRisk: (plateNumber: string, promotionChannelId: string) =>
      callApi<RequiredRiskResponse>(client, API.requiredRisk, { plateNumber, promotionChannelId }),
    /** One apply step; never retried (the client never retries a POST). */
    apply: (payload: ApplyPayload) => callApi<ApplyResponse>(client, API.apply, { encryptUsersVehicleApplyVoStr: sealApply(payload) }),
    push: (orderId: string, promotionChannelId: string) =>
      callApi<ApplyPushResponse>(client, withQuery(API.applyPush, { promotionChannelId }), { orderId }),
    /** The silent save of the draft at step boundaries: no toast when it fails. */
    saveDraft: (draft: ApplyDraft) =>
      callApi<SaveDraftResponse>(client, API.saveDraft, { encryptUsersVehicleApplyVoStr: sealApply(draft) }, { silent: true }),
    async loadDraft(): Promise<ApplyDraft | undefined> {
      const response = await callApi<LoadDraftResponse>(client, API.loadDraft, undefined, { silent: true })
      if (!response.encryptUsersVehicleApplyVoStr) return undefined
      const plain = sealer.open(SEALED_FIELD.apply, response.encryptUsersVehicleApplyVoStr)
      return plain === undefined ? undefined : (JSON.parse(plain) as ApplyDraft)
    },
    /** Uploads a photo of the order; `onProgress` hears how much has gone out, in percent. */
    uploadPhoto: (orderId: string, subject: UploadSubject, filePath: string, onProgress?: (percent: number) => void) => {
      const paths = UPLOAD_PATHS[target]
      switch (subject.kind) {
        case 'idCard':
          return upload(paths.idCard, filePath, { orderId, side: subject.side }, onProgress)
        case 'drivingLicense':
          return upload(paths.drivingLicense, filePath, { orderId }, onProgress)
        case 'image':
          return upload(paths.image, filePath, { orderId, imageType: subject.imageType }, onProgress)
      }
    },
    verifyEligibility: (promotionChannelId: string) =>
      callApi<VerifyEligibilityResponse>(client, API.verifyEligibility, { promotionChannelId }),
    claimVoucher: (promotionChannelId: string, orderId?: string) =>
      callApi<ClaimVoucherResponse>(client, API.claimVoucher, { promotionChannelId, ...(orderId ? { orderId } : {}) }),
  }
}

export type ApplyApi = ReturnType<typeof createApplyApi>
