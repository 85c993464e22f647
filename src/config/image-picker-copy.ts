/** Why the camera or the album gave no photo, in the person's words (platform/image-picker.ts). */
export const IMAGE_PICKER_MESSAGE = {
  denied: '无法使用相机或相册，请在系统设置中允许访问后重试',
  privacy: '您未同意隐私保护提示，无法使用相机或相册；如需上传，请再次点击并同意',
  failed: '未能打开相机或相册，请重试',
} as const
