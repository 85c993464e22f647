/**
 * What `call` was rejected with, checked to be a `type` (the test fails when the call succeeded
 * or threw something else).
 */
export async function rejectionOf<E extends Error>(call: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const outcome = await call.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  )
  if (!('error' in outcome)) throw new Error(`expected a ${type.name}, got ${JSON.stringify(outcome.value)}`)
  expect(outcome.error).toBeInstanceOf(type)
  return outcome.error as E
}
