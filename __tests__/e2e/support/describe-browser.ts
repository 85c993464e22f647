/**
 * `describe`, or `describe.skip` when the global setup found no Chromium (it said so loudly).
 * Kept apart from the browser helpers because it reads jest's globals as it loads, and the bench
 * (`npm run bench`) walks the journey with those helpers outside jest.
 */
export const describeBrowser: jest.Describe = process.env.E2E_SKIP === '1' ? describe.skip : describe
