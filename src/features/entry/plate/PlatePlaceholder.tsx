import { useState } from 'react'
import { ENTRY_COPY } from '../../../config/entry-copy'
import { EntryButton } from '../button/EntryButton'
import { PlateCard } from './PlateCard'
import { readEarlyPlate, writeEarlyPlate } from './early-plate'
import type { EarlyPlate } from './early-plate'

/**
 * What the entry page shows at once, before the app's services: the journey's steps and a plate
 * input that already works (the keyboard is pure domain state). What is typed here is kept
 * (early-plate.ts) and taken over by the form when it comes.
 */
export function PlatePlaceholder() {
  const [early, setEarly] = useState(readEarlyPlate)
  // Read the holder, not this render's copy: a key can change the plate and close the keyboard at once.
  const update = (change: Partial<EarlyPlate>) => {
    const next = { ...readEarlyPlate(), ...change }
    writeEarlyPlate(next)
    setEarly(next)
  }
  return (
    <PlateCard
      plate={early.entry}
      onChange={(entry) => update({ entry })}
      keyboardOpen={early.keyboardOpen}
      onKeyboardChange={(keyboardOpen) => update({ keyboardOpen })}
    >
      <EntryButton className='entry-plate__submit' label='下一步' busy busyText={ENTRY_COPY.waiting} testId='plate-submit-waiting' onPress={() => undefined} />
    </PlateCard>
  )
}
