import { routePage } from '../../../components/page-shell/route-page'
import { SelectImageScreen } from '../../../features/photo'

/** 上传图片 [subject]: the camera or the album, for one certificate photo. */
export default routePage('selectImage', ['subject'], ({ subject }) => <SelectImageScreen subject={subject} />)
