import { routePage } from '../../../components/page-shell/route-page'
import { LongPayGuide } from '../../../features/content'

/** 查看教程: how to set up automatic toll payment, step by step. */
export default routePage('longPayGuide', [], () => <LongPayGuide />)
