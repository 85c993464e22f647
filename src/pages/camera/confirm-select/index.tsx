import { routePage } from '../../../components/page-shell/route-page'
import { ConfirmSelectScreen } from '../../../features/photo'

/** 确认上传图片 [subject, path]: the chosen photo's preview and its upload. */
export default routePage('confirmSelect', ['subject', 'path'], ({ subject, path }) => <ConfirmSelectScreen subject={subject} path={path} />)
