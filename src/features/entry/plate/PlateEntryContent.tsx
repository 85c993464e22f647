import { PageNotices } from '../notices/PageNotices'
import { PlateEntryForm } from './PlateEntryForm'

/** The entry page's content: its notices and the plate form (loaded after the page has painted). */
export default function PlateEntryContent() {
  return (
    <>
      <PageNotices route='plateEntry' />
      <PlateEntryForm />
    </>
  )
}
