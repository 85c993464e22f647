import { useEffect, useState } from 'react'
import { SECOND_MS } from '../../domain/constants'

/** The time now, re-read every second while `running` (a countdown on screen). */
export function useClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!running) return undefined
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), SECOND_MS)
    return () => clearInterval(timer)
  }, [running])
  return running ? now : Date.now()
}
