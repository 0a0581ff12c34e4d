/**
 * The one place for errors the product deliberately does not show ("only logged" in docs/domain.md "Errors").
 * Keeping it here makes them greppable and lets tests assert that they were logged.
 */
export const logger = {
  error(context: string, error?: unknown): void {
    console.error(`[${context}]`, error);
  },
  warn(context: string, detail?: unknown): void {
    console.warn(`[${context}]`, detail);
  },
  info(context: string, detail?: unknown): void {
    console.info(`[${context}]`, detail);
  },
};
