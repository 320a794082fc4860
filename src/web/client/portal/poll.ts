// Waiting for what the server renders in the background (an invoice, a receipt): ask again until it is there.
export class StillWaiting extends Error {}

export async function poll<T>(check: () => Promise<T | null | undefined>, attempts = 60, intervalMs = 1000): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new StillWaiting('The document is still being prepared.');
}
